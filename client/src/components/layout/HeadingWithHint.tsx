// A card's or section's small heading with the dimmed line under it that says what it is for,
// and the bordered section of a settings page that opens with one.
import type { ReactNode } from 'react';
import { Card, Stack, Text, Title, type TitleOrder } from '@mantine/core';

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

type SectionCardProps = Omit<HeadingWithHintProps, 'order' | 'id'> & {
  /** The heading's id, which names the section for screen readers. */
  id: string;
  children: ReactNode;
};

/** A settings page's bordered section, headed by its title and hint (an h2) above its content. */
export function SectionCard({ id, title, hint, children }: SectionCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <HeadingWithHint order={2} id={id} title={title} hint={hint} />
        {children}
      </Stack>
    </Card>
  );
}
