import { Center, Stack, Text, Title } from '@mantine/core';
import { NOT_FOUND_MESSAGES } from '@casillero/shared';
import { ButtonLink } from '../links';

/** The not-found screen, in Spanish like every other (docs/product/product-decisions.md#d7-messages-in-spanish-everywhere). */
export function NotFound() {
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="md">
        <Title order={1} fz={64} c="dimmed">
          404
        </Title>
        <Text size="xl">{NOT_FOUND_MESSAGES.title}</Text>
        <ButtonLink to="/" variant="light">
          {NOT_FOUND_MESSAGES.home}
        </ButtonLink>
      </Stack>
    </Center>
  );
}
