// A package's photos (docs/product/warehouse-intake.md#photos): thumbnails in a row; tapping one opens the screen size
// over the page, with the others a tap away. The links are short-lived signed ones that the
// package queries hand out (customers get only their own packages').
import { useState } from 'react';
import { Button, Group, Image, Modal, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { WAREHOUSE_MESSAGES as M } from '@casillero/shared';

export type PackagePhoto = { url: string; thumbUrl: string };

type PackagePhotosProps = {
  photos: readonly PackagePhoto[];
  /** Thumbnail side in px. */
  size?: number;
  /** Say so when there are none (details); lists show nothing. */
  showEmpty?: boolean;
};

export function PackagePhotos({ photos, size = 56, showEmpty = false }: PackagePhotosProps) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) {
    return showEmpty ? (
      <Text size="sm" c="dimmed">
        {M.noPhotos}
      </Text>
    ) : null;
  }
  const current = open === null ? null : photos[open];
  return (
    <>
      <Group gap={6} wrap="wrap">
        {photos.map((photo, i) => (
          <UnstyledButton key={photo.thumbUrl} aria-label={M.photoOpen(i + 1)} onClick={() => setOpen(i)}>
            <Image
              src={photo.thumbUrl}
              alt={M.photoAlt(i + 1)}
              w={size}
              h={size}
              fit="cover"
              radius="sm"
              loading="lazy"
            />
          </UnstyledButton>
        ))}
      </Group>
      <Modal
        opened={current != null}
        onClose={() => setOpen(null)}
        title={open === null ? M.photosTitle : M.photoAlt(open + 1)}
        size="xl"
        centered
      >
        {current && open !== null && (
          <>
            <Image src={current.url} alt={M.photoAlt(open + 1)} fit="contain" mah="75vh" radius="sm" />
            {photos.length > 1 && (
              <Group justify="space-between" mt="sm">
                <Button
                  variant="subtle"
                  leftSection={<IconChevronLeft size={16} />}
                  disabled={open === 0}
                  onClick={() => setOpen(open - 1)}
                >
                  Anterior
                </Button>
                <Text size="sm" c="dimmed">
                  {open + 1} / {photos.length}
                </Text>
                <Button
                  variant="subtle"
                  rightSection={<IconChevronRight size={16} />}
                  disabled={open === photos.length - 1}
                  onClick={() => setOpen(open + 1)}
                >
                  Siguiente
                </Button>
              </Group>
            )}
          </>
        )}
      </Modal>
    </>
  );
}
