// A card's or section's small heading with the dimmed line under it that says what it is for.
import type { ReactNode } from 'react';
import { Text, Title, type TitleOrder } from '@mantine/core';

type HeadingWithHintProps = {
  title: ReactNode;
  hint: ReactNode;
  /** The heading level in the page's outline; every one looks the same size. */
  order: TitleOrder;
  /** For the region the heading names (`aria-labelledby`). */
  id?: string;
};

/** The heading and its hint as siblings: the parent (a Stack, a div) sets the space between them. */
export function HeadingWithHint({ title, hint, order, id }: HeadingWithHintProps) {
  return (
    <>
      <Title order={order} size="h4" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </>
  );
}
