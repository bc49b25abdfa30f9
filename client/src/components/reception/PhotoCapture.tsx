// Photos of a parcel at reception (docs/product/warehouse-intake.md#photos): on a phone the button opens the camera;
// each picture is uploaded as soon as it is taken (POST /api/reception/photos resizes it on the
// server), so saving the reception only sends the ids. The preview is the local picture itself.
// A large camera picture is scaled down in the browser first: a phone's uplink is slow, and the
// server keeps no more than 1600 px anyway.
import { ActionIcon, Box, Button, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconCamera, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import {
  AUTH_MESSAGES,
  GENERIC_MESSAGES,
  RECEPTION_PHOTOS_MAX,
  RECEPTION_PHOTOS_PATH,
  RECEPTION_PHOTO_MAX_BYTES,
  RECEIPT_CONTENT_TYPES,
  WAREHOUSE_MESSAGES as M,
  detectContentType,
} from '@casillero/shared';

export type CapturedPhoto = { fileId: string; thumbFileId: string; previewUrl: string };

export class PhotoUploadError extends Error {}

/** The Spanish reason a picture cannot be uploaded (the server checks the same), or null. */
export async function photoProblem(file: Blob): Promise<string | null> {
  const type = detectContentType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!type || !(RECEIPT_CONTENT_TYPES as readonly string[]).includes(type)) return M.photoNotAnImage;
  if (file.size > RECEPTION_PHOTO_MAX_BYTES) return M.photoTooLarge;
  return null;
}

/** Pictures up to this size go as they are; larger ones are scaled down before the upload. */
const SHRINK_ABOVE_BYTES = 1_500_000;
/** Longest side sent: above the stored screen size, so the server still makes the final cut. */
const UPLOAD_LONGEST_SIDE_PX = 2400;

/**
 * A large picture as a JPEG of at most 2400 px, drawn upright (the browser applies its EXIF
 * orientation); the picture itself when it is small, when it would not get smaller or when the
 * browser cannot do it.
 */
export async function shrinkForUpload(file: Blob): Promise<Blob> {
  if (file.size <= SHRINK_ABOVE_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, UPLOAD_LONGEST_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

/** Uploads one picture; answers the ids of its two stored sizes, or throws PhotoUploadError with the server's text. */
export async function uploadReceptionPhoto(
  file: Blob,
  name = 'foto.jpg',
  path: string = RECEPTION_PHOTOS_PATH,
): Promise<{ fileId: string; thumbFileId: string }> {
  const body = new FormData();
  body.append('file', file, name);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', body, credentials: 'include' });
  } catch {
    throw new PhotoUploadError(AUTH_MESSAGES.connectionError);
  }
  const answer = (await response.json().catch(() => null)) as {
    fileId?: string;
    thumbFileId?: string;
    error?: string;
  } | null;
  if (!response.ok || !answer?.fileId || !answer.thumbFileId) {
    throw new PhotoUploadError(
      answer?.error ?? (response.status >= 500 ? GENERIC_MESSAGES.internal : M.photoUploadFailed),
    );
  }
  return { fileId: answer.fileId, thumbFileId: answer.thumbFileId };
}

type Pending = { key: number; previewUrl: string };

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
    const item = { key: nextKey.current++, previewUrl: URL.createObjectURL(file) };
    setPending((p) => [...p, item]);
    try {
      const small = await shrinkForUpload(file);
      const problem = await photoProblem(small);
      if (problem) throw new PhotoUploadError(problem);
      const ids = await uploadReceptionPhoto(small, file.name || 'foto.jpg', uploadPath);
      if (!mounted.current) return;
      const next = [...latest.current, { ...ids, previewUrl: item.previewUrl }];
      latest.current = next;
      onChange(next);
    } catch (e) {
      URL.revokeObjectURL(item.previewUrl);
      if (mounted.current) setError(e instanceof PhotoUploadError ? e.message : M.photoUploadFailed);
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
            <ActionIcon
              pos="absolute"
              top={2}
              right={2}
              size="sm"
              radius="xl"
              color="red"
              variant="filled"
              aria-label={M.photoRemove(i + 1)}
              onClick={() => remove(i)}
              disabled={disabled}
            >
              <IconX size={14} />
            </ActionIcon>
          </Box>
        ))}
        {pending.map((p) => (
          <Box key={p.key} pos="relative" w={84} h={84} aria-busy="true" aria-label={M.photoUploading}>
            <Image src={p.previewUrl} alt="" w={84} h={84} fit="cover" radius="sm" opacity={0.5} />
            <Loader size="sm" pos="absolute" top={30} left={30} />
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
