// Claves de API in the ally's portal (docs/product/public-api.md#an-allys-keys): the card customers
// have in Configuración, for the ally's login. Its keys answer for the ally's own customers, each
// call naming one by its casillero code (`?customer=`).
import { Code, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ALLY_MESSAGES as M, API_CUSTOMER_PARAM, PUBLIC_API_BASE } from '@casillero/shared';
import { trpc } from '../../../lib/trpc';
import { ApiKeysCard } from '../../../components/api-keys/ApiKeysCard';

export default function ApiKeysScreen() {
  const me = useQuery(trpc.allyPortal.me.queryOptions());
  const example = `${PUBLIC_API_BASE}/packages?${API_CUSTOMER_PARAM}=${me.data?.prefix ?? 'AB'}-MV-19487-01234`;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{M.apiKeys}</Title>
        <Text c="dimmed">
          Cada llamada lleva el casillero del cliente: <Code>{example}</Code>
        </Text>
      </Stack>
      <ApiKeysCard intro={M.apiKeysIntro} />
    </Stack>
  );
}
