import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PinInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_KIND_LABELS, PUSH_MESSAGES, type ChannelPreference } from '@casillero/shared';
import { getErrorMessage } from '../../../lib/errors';
import { useIsPhone } from '../../../lib/screen';
import { trpc } from '../../../lib/trpc';
import { QueryState } from './QueryState';
import { SectionCard } from '../../../components/layout/HeadingWithHint';

const showError = (error: unknown) =>
  notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });

/**
 * Which channels each kind of event reaches (docs/product/messages-and-notifications.md#preferences): in the app always, by e-mail, by
 * WhatsApp and on the devices as the customer chooses; WhatsApp only once a number is verified, the
 * devices once one receives pushes (PushDeviceCard).
 */
export function NotificationChannelsCard() {
  const queryClient = useQueryClient();
  const prefs = useQuery(trpc.messaging.preferences.queryOptions());
  const save = useMutation(
    trpc.messaging.setPreferences.mutationOptions({
      onSuccess: ({ message: _message, ...data }) =>
        queryClient.setQueryData(trpc.messaging.preferences.queryKey(), data),
    }),
  );
  const change = async (p: ChannelPreference) => {
    try {
      notifications.show({ color: 'green', message: (await save.mutateAsync({ preferences: [p] })).message });
    } catch (error) {
      showError(error);
    }
  };
  const hasWhatsapp = Boolean(prefs.data?.whatsapp);
  const hasPush = (prefs.data?.pushDevices.length ?? 0) > 0;
  const isPhone = useIsPhone();

  return (
    <SectionCard
      id="avisos-canales"
      title="Notificaciones"
      hint={
        <>
          Elige por dónde te avisamos de cada cosa. En la app siempre verás tus notificaciones; los correos de tu cuenta
          (contraseña, verificación) se envían siempre.
        </>
      }
    >
      <QueryState query={prefs}>
        {(data) =>
          isPhone ? (
            // On a phone each kind is a block with its three switches labelled, all in sight.
            <Stack gap="sm" role="list" aria-label="Canales por tipo de aviso">
              {data.preferences.map((p) => {
                const label = NOTIFICATION_KIND_LABELS[p.kind];
                return (
                  <Stack key={p.kind} gap={6} role="listitem" aria-label={label}>
                    <Text fw={600} size="sm">
                      {label}
                    </Text>
                    <Group gap="md">
                      <Switch checked disabled label="En la app" aria-label={`${label}: en la app (siempre)`} />
                      <Switch
                        checked={p.email}
                        disabled={save.isPending}
                        label="Correo"
                        aria-label={`${label}: por correo`}
                        onChange={(e) => void change({ ...p, email: e.currentTarget.checked })}
                      />
                      <Switch
                        checked={hasWhatsapp && p.whatsapp}
                        disabled={save.isPending || !hasWhatsapp}
                        label="WhatsApp"
                        aria-label={`${label}: por WhatsApp`}
                        onChange={(e) => void change({ ...p, whatsapp: e.currentTarget.checked })}
                      />
                      <Switch
                        checked={hasPush && p.push !== false}
                        disabled={save.isPending || !hasPush}
                        label="Dispositivo"
                        aria-label={`${label}: en el dispositivo`}
                        onChange={(e) => void change({ ...p, push: e.currentTarget.checked })}
                      />
                    </Group>
                  </Stack>
                );
              })}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm" aria-label="Canales por tipo de aviso">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Aviso</Table.Th>
                    <Table.Th ta="center">En la app</Table.Th>
                    <Table.Th ta="center">Correo</Table.Th>
                    <Table.Th ta="center">WhatsApp</Table.Th>
                    <Table.Th ta="center">Dispositivo</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.preferences.map((p) => {
                    const label = NOTIFICATION_KIND_LABELS[p.kind];
                    return (
                      <Table.Tr key={p.kind}>
                        <Table.Td>{label}</Table.Td>
                        <Table.Td>
                          <Group justify="center">
                            <Switch checked disabled aria-label={`${label}: en la app (siempre)`} />
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Group justify="center">
                            <Switch
                              checked={p.email}
                              disabled={save.isPending}
                              aria-label={`${label}: por correo`}
                              onChange={(e) => void change({ ...p, email: e.currentTarget.checked })}
                            />
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Group justify="center">
                            <Switch
                              checked={hasWhatsapp && p.whatsapp}
                              disabled={save.isPending || !hasWhatsapp}
                              aria-label={`${label}: por WhatsApp`}
                              onChange={(e) => void change({ ...p, whatsapp: e.currentTarget.checked })}
                            />
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Group justify="center">
                            <Switch
                              checked={hasPush && p.push !== false}
                              disabled={save.isPending || !hasPush}
                              aria-label={`${label}: en el dispositivo`}
                              onChange={(e) => void change({ ...p, push: e.currentTarget.checked })}
                            />
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      {prefs.data && !hasWhatsapp && (
        <Text size="sm" c="dimmed">
          Para recibir avisos por WhatsApp, verifica tu número abajo.
        </Text>
      )}
      {prefs.data && !hasPush && (
        <Text size="sm" c="dimmed">
          {PUSH_MESSAGES.needsDevice}
        </Text>
      )}
    </SectionCard>
  );
}

/** The WhatsApp number: typed, confirmed with the 6-digit code sent to it, or removed. */
export function WhatsappNumberCard() {
  const queryClient = useQueryClient();
  const prefs = useQuery(trpc.messaging.preferences.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.messaging.preferences.queryKey() });
  const start = useMutation(trpc.messaging.startPhoneVerification.mutationOptions({ onSettled: refresh }));
  const confirm = useMutation(trpc.messaging.confirmPhone.mutationOptions({ onSettled: refresh }));
  const remove = useMutation(trpc.messaging.removePhone.mutationOptions({ onSettled: refresh }));
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const run = async <T extends { message: string }>(action: () => Promise<T>, after?: (r: T) => void) => {
    try {
      const result = await action();
      notifications.show({ color: 'green', message: result.message });
      after?.(result);
    } catch (error) {
      showError(error);
    }
  };

  const verified = prefs.data?.whatsapp;
  const pending = sentTo ?? prefs.data?.pending?.phone ?? null;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="whatsapp-numero">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBrandWhatsapp size={22} color="#25D366" aria-hidden />
          <Title order={2} size="h4" id="whatsapp-numero">
            WhatsApp
          </Title>
        </Group>
        {verified ? (
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Text fw={600}>{verified.phone}</Text>
              <Badge color="green" variant="light">
                Verificado
              </Badge>
            </Group>
            <Button
              variant="default"
              color="red"
              loading={remove.isPending}
              onClick={() => void run(() => remove.mutateAsync())}
            >
              Quitar número
            </Button>
          </Group>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Escribe tu celular y te enviaremos por WhatsApp un código de 6 dígitos para confirmarlo. Solo te
              escribiremos a un número verificado.
            </Text>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void run(
                  () => start.mutateAsync({ phone }),
                  (r) => {
                    setSentTo(r.phone);
                    setCode('');
                  },
                );
              }}
            >
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  label="Número de WhatsApp"
                  placeholder="0414-1234567"
                  inputMode="tel"
                  autoComplete="tel"
                  value={phone}
                  onChange={(e) => setPhone(e.currentTarget.value)}
                  style={{ flex: '1 1 220px' }}
                />
                <Button type="submit" loading={start.isPending} disabled={!phone.trim()}>
                  {pending ? 'Enviar otro código' : 'Enviar código'}
                </Button>
              </Group>
            </form>
            {pending && (
              <Alert color="blue" variant="light" title={`Código enviado a ${pending}`}>
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    void run(
                      () => confirm.mutateAsync({ code }),
                      () => {
                        setSentTo(null);
                        setPhone('');
                      },
                    );
                  }}
                >
                  <Stack gap="xs">
                    <Text size="sm">Escribe el código que te llegó por WhatsApp. Vence en 10 minutos.</Text>
                    <Group align="center" wrap="wrap">
                      <PinInput
                        length={6}
                        type="number"
                        oneTimeCode
                        value={code}
                        onChange={setCode}
                        ariaLabel="Código de verificación"
                      />
                      <Button type="submit" loading={confirm.isPending} disabled={code.length !== 6}>
                        Verificar
                      </Button>
                    </Group>
                  </Stack>
                </form>
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
