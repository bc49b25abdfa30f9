import { Center, Stack, Text, Title } from '@mantine/core';
import { ButtonLink } from '../links';

/** The not-found screen. Its text stays in English on purpose (docs/product/product-decisions.md#d7-messages-in-spanish-everywhere). */
export function NotFound() {
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="md">
        <Title order={1} fz={64} c="dimmed">
          404
        </Title>
        <Text size="xl">Oops! Page not found</Text>
        <ButtonLink to="/" variant="light">
          Return to Home
        </ButtonLink>
      </Stack>
    </Center>
  );
}
