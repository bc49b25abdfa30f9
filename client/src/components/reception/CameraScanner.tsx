// Reading a label's barcode with the phone's camera (docs/product/warehouse-intake.md#reception-by-scanning). The browser's own
// BarcodeDetector when it reads Code 128 (Chrome on Android); elsewhere the barcode-detector
// polyfill, whose ZXing WebAssembly is served by our own server (the ?url import makes it one of
// the build's assets): no CDN, which the CSP and the offline rule forbid. Loaded only when the
// camera is opened, so the reception page stays small.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { RECEPTION_MESSAGES as M } from '@casillero/shared';
// The reader's .wasm, served from our own assets (no CDN): zxing-wasm is pinned to the version barcode-detector uses.
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** Carrier labels and our WR labels are linear barcodes; the 2D codes on them carry other data. */
const FORMATS = ['code_128', 'code_39', 'code_93', 'codabar', 'ean_13', 'ean_8', 'itf', 'upc_a', 'upc_e'] as const;

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats: () => Promise<string[]>;
};

async function createDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    if (supported.includes('code_128')) return new native({ formats: FORMATS.filter((f) => supported.includes(f)) });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: [...FORMATS] });
}

/** A dialog with the camera's picture; the first barcode read closes it and is handed to `onDetected`. */
export default function CameraScanner({
  opened,
  onClose,
  onDetected,
}: {
  opened: boolean;
  onClose: () => void;
  onDetected: (code: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    setProblem(null);

    const stop = () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };

    (async () => {
      let detector: Detector;
      try {
        detector = await createDetector();
      } catch {
        setProblem(M.cameraUnsupported);
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch {
        setProblem(M.cameraUnavailable);
        return;
      }
      if (stopped || !video.current) return stop();
      video.current.srcObject = stream;
      await video.current.play().catch(() => {});
      const scan = async () => {
        if (stopped || !video.current) return;
        try {
          if (video.current.readyState >= 2) {
            const found = (await detector.detect(video.current)).find((b) => b.rawValue.trim());
            if (found && !stopped) {
              stop();
              onDetected(found.rawValue.trim());
              return;
            }
          }
        } catch {
          // A frame that could not be read: try the next one.
        }
        timer = setTimeout(scan, 200);
      };
      void scan();
    })();
    return stop;
  }, [opened, onDetected]);

  return (
    <Modal opened={opened} onClose={onClose} title={M.cameraTitle} centered size="lg">
      <Stack gap="sm">
        {problem ? (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {problem}
          </Alert>
        ) : (
          <>
            <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8, background: '#000' }} />
            <Text size="sm" c="dimmed">
              {M.cameraHint}
            </Text>
          </>
        )}
        <Button variant="default" onClick={onClose}>
          {M.cameraClose}
        </Button>
      </Stack>
    </Modal>
  );
}
