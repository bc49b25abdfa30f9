// Claves de API (docs/product/public-api.md#keys), in the customer's Configuración and, with its own
// words, in the ally's portal (docs/product/public-api.md#an-allys-keys): create a named key, read
// or read-write, shown once; the list names each by its first characters with its last use; revoke.
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  PUBLIC_API_BASE,
  type ApiKeyScope,
  formatDateTime,
} from '@casillero/shared';
import { getErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { SectionCard } from '../layout/HeadingWithHint';
import { textBinding } from '../forms/fields';

/** `intro` replaces the customer's explanation of what a key is for (the ally's portal gives its own). */
export function ApiKeysCard({ intro }: { intro?: React.ReactNode } = {}) {
  const queryClient = useQueryClient();
  const list = useQuery(trpc.account.apiKeys.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.apiKeys.queryKey() });
  const create = useMutation(trpc.account.createApiKey.mutationOptions({ onSettled: refresh }));
  const revoke = useMutation(trpc.account.revokeApiKey.mutationOptions({ onSettled: refresh }));
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [nameError, setNameError] = useState<string | null>(null);
  /** The key just created: shown here once, never again. */
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setNameError(null);
    try {
      const created = await create.mutateAsync({ name, scope });
      setShown({ name: name.trim(), key: created.key });
      setName('');
      notifications.show({ color: 'green', message: created.message });
    } catch (error) {
      const message = getErrorMessage(error);
      if (/nombre/i.test(message)) setNameError(message);
      else notifications.show({ color: 'red', title: 'Error', message });
    }
  };

  const revokeKey = async (id: string) => {
    try {
      const result = await revoke.mutateAsync({ id });
      setConfirming(null);
      notifications.show({ color: 'green', message: result.message });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
    }
  };

  return (
    <SectionCard
      id="claves-api"
      title="Claves de API"
      hint={
        <>
          {intro ?? 'Para que tu tienda o tu sistema cree prealertas y siga tus paquetes, envíos y facturas.'} Envía la
          clave en la cabecera <Code>Authorization: Bearer &lt;clave&gt;</Code>.{' '}
          <Anchor href={`${PUBLIC_API_BASE}/docs`} target="_blank" rel="noopener" underline="always">
            Ver la referencia de la API
          </Anchor>
        </>
      }
    >
      <form onSubmit={(e) => void submit(e)} aria-label="Crear una clave de API">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label="Nombre de la clave"
            placeholder="Mi tienda en línea"
            maxLength={API_KEY_NAME_MAX}
            {...textBinding(name, setName)}
            error={nameError}
            style={{ flex: '1 1 220px' }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="alcance-clave">
              Alcance
            </Text>
            <SegmentedControl
              aria-labelledby="alcance-clave"
              value={scope}
              onChange={(v) => setScope(v as ApiKeyScope)}
              data={API_KEY_SCOPES.map((s) => ({ value: s, label: API_KEY_SCOPE_LABELS[s] }))}
            />
          </Stack>
          <Button type="submit" leftSection={<IconKey size={16} />} loading={create.isPending}>
            Crear clave
          </Button>
        </Group>
      </form>

      {shown && (
        <Alert color="yellow" title={`Tu clave «${shown.name}»`} withCloseButton onClose={() => setShown(null)}>
          <Stack gap="xs">
            <Text size="sm">Cópiala ahora y guárdala en un lugar seguro: no se volverá a mostrar.</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="api-key-secret" style={{ wordBreak: 'break-all' }}>
                {shown.key}
              </Code>
              <CopyButton value={shown.key} timeout={1500}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copiada' : 'Copiar la clave'} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color={copied ? 'teal' : 'gray'}
                      onClick={copy}
                      aria-label="Copiar la clave"
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}

      {list.isPending ? (
        <Loader size="sm" role="status" aria-label="Cargando" />
      ) : list.isError ? (
        <Alert color="red" role="alert" title="No se pudieron cargar las claves">
          {getErrorMessage(list.error)}
        </Alert>
      ) : list.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aún no tienes claves.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Claves de API">
          {list.data.map((k) => (
            <Card key={k.id} component="li" withBorder radius="sm" padding="sm" aria-label={k.name}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {k.name}
                    </Text>
                    <Badge size="xs" color={k.scope === 'read' ? 'gray' : 'orange'}>
                      {API_KEY_SCOPE_LABELS[k.scope]}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    <Code>{k.visiblePrefix}…</Code> · Creada {formatDateTime(k.createdAt)} ·{' '}
                    {k.lastUsedAt ? `Último uso ${formatDateTime(k.lastUsedAt)}` : 'Nunca usada'}
                  </Text>
                </Stack>
                {confirming === k.id ? (
                  <Group gap="xs">
                    <Button size="xs" color="red" loading={revoke.isPending} onClick={() => void revokeKey(k.id)}>
                      Sí, revocar
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
                      Cancelar
                    </Button>
                  </Group>
                ) : (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(k.id)}>
                    Revocar
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
