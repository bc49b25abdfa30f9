// The reception screen's scan field (docs/product/warehouse-intake.md#reception-by-scanning): large, focused, and submitted by the
// Enter a USB scanner types after the number. On a phone a button opens the camera instead.
import { forwardRef, lazy, Suspense, useCallback, useState } from 'react';
import { ActionIcon, Group, TextInput, Tooltip } from '@mantine/core';
import { IconBarcode, IconCamera } from '@tabler/icons-react';
import { RECEPTION_MESSAGES as M } from '@casillero/shared';
import { cameraAvailable } from './camera-available';

const CameraScanner = lazy(() => import('./CameraScanner'));

type ScanFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** The code, trimmed, when Enter is pressed or the camera read one. */
  onScan: (code: string) => void;
  busy?: boolean;
  error?: string | null;
  /** The field's label and placeholder; the reception's by default. */
  label?: string;
  placeholder?: string;
};

export const ScanField = forwardRef<HTMLInputElement, ScanFieldProps>(function ScanField(
  { value, onChange, onScan, busy, error, label = M.scanLabel, placeholder = M.scanPlaceholder },
  ref,
) {
  const [cameraOpen, setCameraOpen] = useState(false);
  const detected = useCallback(
    (code: string) => {
      setCameraOpen(false);
      onChange(code);
      onScan(code);
    },
    [onChange, onScan],
  );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim() && !busy) onScan(value.trim());
      }}
      noValidate
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          ref={ref}
          style={{ flex: 1 }}
          size="lg"
          label={label}
          placeholder={placeholder}
          leftSection={<IconBarcode />}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          onFocus={(e) => e.currentTarget.select()}
          error={error}
          autoFocus
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="search"
          // Read-only, not disabled, while a scan is looked up: a disabled field loses the focus,
          // and the next scan must land here without a click.
          readOnly={busy}
          aria-busy={busy}
          data-autofocus
        />
        {cameraAvailable() && (
          <Tooltip label={M.cameraButton}>
            <ActionIcon
              size={50}
              variant="light"
              aria-label={M.cameraButton}
              onClick={() => setCameraOpen(true)}
              mb={error ? 22 : 0}
            >
              <IconCamera />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {cameraOpen && (
        <Suspense fallback={null}>
          <CameraScanner opened={cameraOpen} onClose={() => setCameraOpen(false)} onDetected={detected} />
        </Suspense>
      )}
    </form>
  );
});
