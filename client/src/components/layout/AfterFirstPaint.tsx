// What a tap opens shows at once; its heavy content follows a frame later (docs/product/fast-on-a-phone.md#interactions).
// A dialog whose form takes a few hundred milliseconds to render on a low-tier phone would keep the
// tap's next paint waiting for all of it: the dialog's frame is painted first, with a skeleton, and
// the content is rendered after that paint, as a transition React can interrupt.
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Skeleton, Stack } from '@mantine/core';

export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The next frame is the one that paints the dialog; the content is rendered in the task after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, []);
  if (painted) return children;
  return (
    <Stack gap="sm" role="status" aria-label="Cargando">
      <Skeleton height={36} radius="sm" />
      <Skeleton height={36} radius="sm" />
      <Skeleton height={36} radius="sm" />
      <Skeleton height={36} radius="sm" />
    </Stack>
  );
}
