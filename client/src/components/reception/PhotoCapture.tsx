// Photos of a parcel at reception (docs/product/warehouse-intake.md#photos): on a phone the button opens the camera;
// each picture is uploaded as soon as it is taken (POST /api/reception/photos resizes it on the
// server), so saving the reception only sends the ids. The preview is the local picture itself.
// A large camera picture is scaled down in the browser first (lib/files.ts): a phone's uplink is
// slow, and the server keeps no more than 1600 px anyway. Each picture going up shows its
// percentage and can be cancelled.
import { ActionIcon, Box, Button, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconCamera, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import {
  RECEPTION_PHOTOS_MAX,
  RECEPTION_PHOTOS_PATH,
  RECEPTION_PHOTO_MAX_BYTES,
  RECEIPT_CONTENT_TYPES,
  WAREHOUSE_MESSAGES as M,
  detectContentType,
  FILE_MESSAGES,
} from '@casillero/shared';
import { postForm, shrinkImage, UploadCancelled, UploadError, type UploadOptions } from '../../lib/files';

export type CapturedPhoto = { fileId: string; thumbFileId: string; previewUrl: string };

/** A picture refused before or by the upload, with the Spanish reason. */
export class PhotoUploadError extends UploadError {}

/** The Spanish reason a picture cannot be uploaded (the server checks the same), or null. */
export async function photoProblem(file: Blob): Promise<string | null> {
  const type = detectContentType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!type || !(RECEIPT_CONTENT_TYPES as readonly string[]).includes(type)) return M.photoNotAnImage;
  if (file.size > RECEPTION_PHOTO_MAX_BYTES) return M.photoTooLarge;
  return null;
}

/** Uploads one picture; answers the ids of its two stored sizes, or throws PhotoUploadError with the server's text. */
export async function uploadReceptionPhoto(
  file: Blob,
  name = 'foto.jpg',
  path: string = RECEPTION_PHOTOS_PATH,
  options: UploadOptions = {},
): Promise<{ fileId: string; thumbFileId: string }> {
  const body = new FormData();
  body.append('file', file, name);
  const result = await postForm<CapturedPhoto>(path, body, M.photoUploadFailed, options);
  if (!result.fileId || !result.thumbFileId) throw new PhotoUploadError(M.photoUploadFailed);
  return { fileId: result.fileId, thumbFileId: result.thumbFileId };
}

/** The round button in a thumbnail's corner: removes a picture, or cancels one going up. */
function CornerButton({
  label,
  color,
  onClick,
  disabled,
}: {
  label: string;
  color: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <ActionIcon
      pos="absolute"
      top={2}
      right={2}
      size="sm"
      radius="xl"
      color={color}
      variant="filled"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
    >
      <IconX size={14} />
    </ActionIcon>
  );
}

/** A picture going up: its preview, how far it got (0 to 1) and how to cancel it. */
type Pending = { key: number; previewUrl: string; progress: number; controller: AbortController };

export type PhotoCaptureProps = {
  value: CapturedPhoto[];
  onChange: (photos: CapturedPhoto[]) => void;
  max?: number;
  disabled?: boolean;
  /** Where the pictures go: reception's route unless told (deliveries have their own). */
  uploadPath?: string;
};

export function PhotoCapture({
  value,
  onChange,
  max = RECEPTION_PHOTOS_MAX,
  disabled,
  uploadPath = RECEPTION_PHOTOS_PATH,
}: PhotoCaptureProps) {
  const input = useRef<HTMLInputElement>(null);
  // Uploads finish in any order and after re-renders: each one adds to the latest list.
  const latest = useRef(value);
  latest.current = value;
  const nextKey = useRef(0);
  const [pending, setPending] = useState<Pending[]>([]);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const room = max - value.length - pending.length;

  const upload = async (file: File) => {
    if ((await photoProblem(file.slice(0, 16))) === M.photoNotAnImage) {
      setError(M.photoNotAnImage);
      return;
    }
    const item: Pending = {
      key: nextKey.current++,
      previewUrl: URL.createObjectURL(file),
      progress: 0,
      controller: new AbortController(),
    };
    setPending((p) => [...p, item]);
    const onProgress = (progress: number) =>
      mounted.current && setPending((p) => p.map((x) => (x.key === item.key ? { ...x, progress } : x)));
    try {
      const small = await shrinkImage(file);
      const problem = await photoProblem(small);
      if (problem) throw new PhotoUploadError(problem);
      const ids = await uploadReceptionPhoto(small, file.name || 'foto.jpg', uploadPath, {
        onProgress,
        signal: item.controller.signal,
      });
      if (!mounted.current) return;
      const next = [...latest.current, { ...ids, previewUrl: item.previewUrl }];
      latest.current = next;
      onChange(next);
    } catch (e) {
      URL.revokeObjectURL(item.previewUrl);
      // A cancelled picture is simply not there; a failed one says why.
      if (mounted.current && !(e instanceof UploadCancelled))
        setError(e instanceof UploadError ? e.message : M.photoUploadFailed);
    } finally {
      if (mounted.current) setPending((p) => p.filter((x) => x.key !== item.key));
    }
  };

  const choose = (files: FileList | null) => {
    setError(null);
    const chosen = Array.from(files ?? []);
    if (input.current) input.current.value = '';
    if (chosen.length > room) setError(M.photosMax(max));
    for (const file of chosen.slice(0, Math.max(room, 0))) void upload(file);
  };

  const remove = (index: number) => {
    const photo = value[index];
    if (photo) URL.revokeObjectURL(photo.previewUrl);
    const next = value.filter((_, i) => i !== index);
    latest.current = next;
    onChange(next);
    setError(null);
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        {value.map((photo, i) => (
          <Box key={photo.fileId} pos="relative" w={84} h={84}>
            <Image src={photo.previewUrl} alt={M.photoAlt(i + 1)} w={84} h={84} fit="cover" radius="sm" />
            <CornerButton label={M.photoRemove(i + 1)} color="red" onClick={() => remove(i)} disabled={disabled} />
          </Box>
        ))}
        {pending.map((p) => (
          <Box key={p.key} pos="relative" w={84} h={84} aria-busy="true" aria-label={M.photoUploading}>
            <Image src={p.previewUrl} alt="" w={84} h={84} fit="cover" radius="sm" opacity={0.5} />
            <Loader size="sm" pos="absolute" top={22} left={30} />
            <Text size="xs" fw={700} pos="absolute" bottom={4} left={0} right={0} ta="center">
              {Math.round(p.progress * 100)} %
            </Text>
            <CornerButton label={FILE_MESSAGES.cancel} color="gray" onClick={() => p.controller.abort()} />
          </Box>
        ))}
      </Group>
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconCamera size={16} />}
          onClick={() => input.current?.click()}
          disabled={disabled || room <= 0}
        >
          {M.photoAdd}
        </Button>
        <Text size="xs" c="dimmed">
          {value.length + pending.length}/{max}
        </Text>
      </Group>
      {/* capture="environment": the phone's rear camera; a computer opens the file chooser. */}
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        hidden
        aria-label={M.photoAdd}
        data-testid="photo-capture-input"
        onChange={(e) => choose(e.currentTarget.files)}
      />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
