// Every upload of a form shows how far it got and can be cancelled (lib/files.ts sends it): on a
// phone's slow uplink the person sees it move, and a cancelled or failed upload leaves what they
// typed in place. A CSV the server checks and applies (the manifest import, the bank statement)
// then shows the server's phase and count ("Aplicando… 3.000 de 10.000") under the same bar.
import { useCallback, useRef, useState } from 'react';
import { Button, Group, Progress, Text } from '@mantine/core';
import { FILE_MESSAGES, progressText, type StoredFileKind, type WorkProgress } from '@casillero/shared';
import { uploadFile, type UploadOptions } from '../../lib/files';

/**
 * A request through lib/files.ts with its progress: the share uploaded (null when none runs), then
 * the server's reports of a streamed answer, and a way to cancel it.
 */
export function useTrackedRequest() {
  const [progress, setProgress] = useState<number | null>(null);
  const [work, setWork] = useState<WorkProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const track = useCallback(async <T,>(send: (options: UploadOptions) => Promise<T>): Promise<T> => {
    controller.current = new AbortController();
    setProgress(0);
    setWork(null);
    try {
      return await send({ onProgress: setProgress, onWork: setWork, signal: controller.current.signal });
    } finally {
      controller.current = null;
      setProgress(null);
      setWork(null);
    }
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { track, progress, work, cancel, busy: progress !== null };
}

/** An upload with its progress (null when none runs) and a way to cancel it. */
export function useUpload() {
  const { track, progress, cancel } = useTrackedRequest();
  const upload = useCallback(
    (file: File, kind: StoredFileKind, ownerUserId?: string) =>
      track((options) => uploadFile(file, kind, ownerUserId, options)),
    [track],
  );
  return { upload, progress, cancel, uploading: progress !== null };
}

/**
 * The bar with its percentage and the cancel button while the file goes up; once it is up (the
 * server may be acting on it, so no cancelling), the server's phase and count when it reports them.
 */
export function UploadProgress({
  progress,
  cancel,
  work,
}: Pick<ReturnType<typeof useUpload>, 'progress' | 'cancel'> & { work?: WorkProgress | null }) {
  if (progress === null) return null;
  const percent = work ? Math.round((work.total > 0 ? work.done / work.total : 1) * 100) : Math.round(progress * 100);
  const text = work ? progressText(work) : FILE_MESSAGES.uploading(percent);
  return (
    <Group gap="sm" wrap="nowrap" role="status">
      <Progress value={percent} aria-label={text} style={{ flex: 1 }} />
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {text}
      </Text>
      {progress < 1 && !work && (
        <Button variant="subtle" size="compact-sm" onClick={cancel}>
          {FILE_MESSAGES.cancel}
        </Button>
      )}
    </Group>
  );
}
