import { Avatar, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Testimonial } from '@casillero/shared';
import { StarRating } from './StarRating';

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Paper component="figure" withBorder radius="lg" p="lg" m={0} h="100%">
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap="sm">
          <StarRating value={testimonial.rating} />
          <Text component="blockquote" m={0} fs="italic">
            “{testimonial.text}”
          </Text>
        </Stack>
        <Group component="figcaption" gap="sm" wrap="nowrap">
          <Avatar color="indigo" radius="xl" aria-hidden>
            {testimonial.initials}
          </Avatar>
          <div>
            <Text fw={700} size="sm">
              {testimonial.name}
            </Text>
            <Text size="xs" c="dimmed">
              {testimonial.business}
            </Text>
          </div>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The testimonials of a page, side by side on wide screens. */
export function TestimonialGrid({ testimonials, columns }: { testimonials: readonly Testimonial[]; columns: number }) {
  return (
    <SimpleGrid cols={{ base: 1, md: columns }} spacing="xl">
      {testimonials.map((t) => (
        <TestimonialCard key={t.name} testimonial={t} />
      ))}
    </SimpleGrid>
  );
}
