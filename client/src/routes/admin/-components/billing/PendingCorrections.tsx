// The four-eyes rule on a client's account: corrections of the threshold or more wait here until
// another staff member approves or rejects them (the server refuses the person who asked).
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { BILLING_MESSAGES, LEDGER_KIND_LABELS, formatDateTime, formatUsdCents } from '@casillero/shared';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { useMe } from '../../../../lib/auth';
import { getErrorMessage } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import type { CustomerAccount } from './format';

type PendingCorrection = CustomerAccount['pendingCorrections'][number];

export function PendingCorrections({
  corrections,
  thresholdUsdCents,
  canDecide,
}: {
  corrections: PendingCorrection[];
  thresholdUsdCents: number;
  canDecide: boolean;
}) {
  const me = useMe();
  const invalidate = useInvalidate(trpc.billing);
  const decide = useMutation(trpc.billing.decideCorrection.mutationOptions());
  if (corrections.length === 0) return null;

  const act = async (id: string, approve: boolean) => {
    try {
      const result = await decide.mutateAsync({ id, approve });
      notifySuccess(BILLING_MESSAGES.correctionsPendingTitle, result.message);
    } catch (error) {
      notifyError(getErrorMessage(error));
    }
    await invalidate();
  };

  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label={BILLING_MESSAGES.correctionsPendingTitle}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {BILLING_MESSAGES.correctionsPendingTitle}
        </Text>
        <Text size="xs" c="dimmed">
          {BILLING_MESSAGES.correctionsPendingNote(formatUsdCents(thresholdUsdCents))}
        </Text>
        {corrections.map((c) => {
          const isMine = me.data?.user?.id === c.requestedBy;
          return (
            <Card
              key={c.id}
              withBorder
              radius="sm"
              padding="xs"
              aria-label={`${LEDGER_KIND_LABELS[c.kind]} de ${formatUsdCents(c.usdCents)} por aprobar`}
            >
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {LEDGER_KIND_LABELS[c.kind]} de {formatUsdCents(c.usdCents)}
                </Text>
                <Text size="sm">{c.reason}</Text>
                <Text size="xs" c="dimmed">
                  Pedido por {c.requestedByName || c.requestedByEmail} el {formatDateTime(c.requestedAt)}
                </Text>
                {canDecide &&
                  (isMine ? (
                    <Text size="xs" c="dimmed">
                      {BILLING_MESSAGES.correctionOwnRequest}
                    </Text>
                  ) : (
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" variant="default" onClick={() => act(c.id, false)} loading={decide.isPending}>
                        Rechazar
                      </Button>
                      <Button size="xs" onClick={() => act(c.id, true)} loading={decide.isPending}>
                        Aprobar
                      </Button>
                    </Group>
                  ))}
              </Stack>
            </Card>
          );
        })}
      </Stack>
    </Card>
  );
}
