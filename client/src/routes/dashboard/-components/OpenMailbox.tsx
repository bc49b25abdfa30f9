import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ACTIVATION_COST_USD_CENTS,
  CASILLERO_TYPES,
  CASILLERO_TYPE_TO_COUNTRY,
  MAILBOX_COUNTRY_LABELS,
  MAILBOX_MESSAGES,
  formatUsdFromCents,
  type CasilleroType,
  type MailboxCountry,
} from '@casillero/shared';
import { getErrorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';

/** Offers the mailbox of each country the customer does not have yet (one per country). */
export function OpenMailbox({ existing }: { existing: MailboxCountry[] }) {
  const missing = CASILLERO_TYPES.filter((t) => !existing.includes(CASILLERO_TYPE_TO_COUNTRY[t]));
  const [chosen, setChosen] = useState<CasilleroType | null>(null);
  const [opened, modal] = useDisclosure(false);
  const queryClient = useQueryClient();
  const open = useMutation(trpc.mailboxes.open.mutationOptions());

  if (missing.length === 0) return null;

  const confirm = async () => {
    if (!chosen) return;
    try {
      const result = await open.mutateAsync({ type: chosen });
      notifications.show({
        color: 'green',
        title: MAILBOX_MESSAGES.opened,
        message: `${result.mailboxCode}: ${MAILBOX_MESSAGES.openedDetail}`,
      });
      modal.close();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
    } finally {
      await queryClient.invalidateQueries({ queryKey: trpc.mailboxes.mine.queryKey() });
    }
  };

  return (
    <>
      {missing.map((type) => (
        <Card key={type} withBorder radius="md" padding="lg" bg="var(--mantine-color-blue-0)">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Text fw={600}>¿Compras también en {MAILBOX_COUNTRY_LABELS[CASILLERO_TYPE_TO_COUNTRY[type]]}?</Text>
              <Text size="sm" c="dimmed">
                Abre tu casillero allí. Activación: {formatUsdFromCents(ACTIVATION_COST_USD_CENTS[type])}.
              </Text>
            </Stack>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => {
                setChosen(type);
                modal.open();
              }}
            >
              Abrir casillero en {CASILLERO_TYPE_TO_COUNTRY[type] === 'USA' ? 'Miami' : 'Beijing'}
            </Button>
          </Group>
        </Card>
      ))}
      <Modal opened={opened} onClose={modal.close} title="Abrir un nuevo casillero" centered>
        {chosen && (
          <Stack>
            <Text size="sm">
              Se creará tu casillero en {MAILBOX_COUNTRY_LABELS[CASILLERO_TYPE_TO_COUNTRY[chosen]]}, inactivo hasta que
              aprobemos el pago de activación de{' '}
              <strong>{formatUsdFromCents(ACTIVATION_COST_USD_CENTS[chosen])}</strong>, que podrás reportar en Facturas.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={modal.close}>
                Cancelar
              </Button>
              <Button loading={open.isPending} onClick={() => void confirm()}>
                Abrir casillero
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
