// Every upload of a form shows how far it got and can be cancelled (lib/files.ts sends it): on a
// phone's slow uplink the person sees it move, and a cancelled or failed upload leaves what they
// typed in place.
import { useCallback, useRef, useState } from 'react';
import { Button, Group, Progress, Text } from '@mantine/core';
import { FILE_MESSAGES, type StoredFileKind } from '@casillero/shared';
import { uploadFile } from '../../lib/files';

/** An upload with its progress (null when none runs) and a way to cancel it. */
export function useUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const upload = useCallback(async (file: File, kind: StoredFileKind, ownerUserId?: string) => {
    controller.current = new AbortController();
    setProgress(0);
    try {
      return await uploadFile(file, kind, ownerUserId, {
        onProgress: setProgress,
        signal: controller.current.signal,
      });
    } finally {
      controller.current = null;
      setProgress(null);
    }
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { upload, progress, cancel, uploading: progress !== null };
}

/** The bar with its percentage and the cancel button, while an upload runs. */
export function UploadProgress({ progress, cancel }: Pick<ReturnType<typeof useUpload>, 'progress' | 'cancel'>) {
  if (progress === null) return null;
  const percent = Math.round(progress * 100);
  return (
    <Group gap="sm" wrap="nowrap" role="status">
      <Progress value={percent} aria-label={FILE_MESSAGES.uploading(percent)} style={{ flex: 1 }} />
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {FILE_MESSAGES.uploading(percent)}
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={cancel}>
        {FILE_MESSAGES.cancel}
      </Button>
    </Group>
  );
}
