// Acción requerida (docs/product/problem-parcels.md#choices): the customer's parcels held by the
// warehouse, each with the choices its flag allows, confirmed once. Shown at the top of Almacén,
// only when there is something to decide; parcels waiting for their declared value are listed
// here too (docs/product/insurance.md), and the fiscal data a nota de cobro waits for
// (docs/product/fiscal-invoices.md#fiscal-data).
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  PROBLEM_CHOICE_LABELS,
  PROBLEM_MESSAGES as M,
  PROBLEM_REASON_LABELS,
  TRAVEL_RULES_MESSAGES,
  formatDate,
  formatUsdCents,
  type ProblemChoice,
} from '@casillero/shared';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { notifyChange } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';
import { actionRequiredQueries } from './queries';
import { DeclaredValueItems } from './DeclaredValueItems';
import { FiscalDataItem } from '../../../../components/fiscal/FiscalDataItem';
import { TravelFlags } from '../../../../components/travel-rules/TravelFlags';

type Problem = inferOutput<typeof trpc.problemParcels.mine>[number];

/** What the choice costs, in words on its button. */
function choiceText(p: Problem, choice: ProblemChoice) {
  const label = PROBLEM_CHOICE_LABELS[choice];
  if (choice === 'return_to_seller' && p.returnFeeUsdCents > 0)
    return `${label} (${formatUsdCents(p.returnFeeUsdCents)})`;
  if (choice === 'pay_and_continue' && p.extraChargeUsdCents)
    return `${label} (${formatUsdCents(p.extraChargeUsdCents)})`;
  return label;
}

export function ActionRequired() {
  const queryClient = useQueryClient();
  const [problemsQuery, missingQuery, travelBlockedQuery, fiscalQuery] = actionRequiredQueries(trpc);
  const list = useQuery(problemsQuery);
  const missingValue = useQuery(missingQuery);
  const travelBlocked = useQuery(travelBlockedQuery);
  const fiscal = useQuery(fiscalQuery);
  const choose = useMutation(trpc.problemParcels.choose.mutationOptions());
  const [pending, setPending] = useState<{ problem: Problem; choice: ProblemChoice } | null>(null);
  const problems = list.data ?? [];
  const missing = missingValue.data ?? [];
  const fiscalAction = fiscal.data?.actionRequired ? fiscal.data : null;
  const blocked = travelBlocked.data ?? [];
  if (problems.length === 0 && missing.length === 0 && !fiscalAction && blocked.length === 0) return null;

  const confirm = async () => {
    if (!pending) return;
    const done = await notifyChange(
      () => choose.mutateAsync({ packageId: pending.problem.packageId, choice: pending.choice }),
      (r) => ({ message: r.message }),
    );
    setPending(null);
    if (done) {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.problemParcels.mine.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.packages.mine.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.billing.pathKey() }),
      ]);
    }
  };

  return (
    <section aria-labelledby="accion-requerida">
      <Stack gap="sm">
        <Title order={2} size="h3" id="accion-requerida">
          {M.sectionTitle}
        </Title>
        {problems.length > 0 && (
          <Text size="sm" c="dimmed">
            {M.sectionIntro}
          </Text>
        )}
        <DeclaredValueItems items={missing} />
        {blocked.map((b) => (
          <Card
            key={b.packageId}
            withBorder
            radius="md"
            padding="md"
            aria-label={TRAVEL_RULES_MESSAGES.actionItem(b.label)}
          >
            <Stack gap="xs">
              <Text fw={700}>{TRAVEL_RULES_MESSAGES.actionItem(b.label)}</Text>
              <Text size="sm">{b.packageDescription}</Text>
              <TravelFlags flags={b.flags} />
            </Stack>
          </Card>
        ))}
        {fiscalAction && <FiscalDataItem status={fiscalAction} />}
        {problems.map((p) => (
          <Card key={p.id} withBorder radius="md" padding="md" aria-label={`Paquete retenido ${p.label}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={700} ff="monospace">
                  {p.label}
                </Text>
                <Badge color="orange" leftSection={<IconAlertTriangle size={12} />}>
                  {PROBLEM_REASON_LABELS[p.reason]}
                </Badge>
              </Group>
              <Text size="sm">{p.packageDescription}</Text>
              <Text size="sm">{p.note}</Text>
              <Alert color="yellow" variant="light" p="xs">
                <Text size="sm">{M.deadline(formatDate(p.abandonOn))}</Text>
              </Alert>
              <Group gap="xs" wrap="wrap">
                {p.choices.map((choice) => (
                  <Button
                    key={choice}
                    variant={choice === 'pay_and_continue' ? 'filled' : 'default'}
                    onClick={() => setPending({ problem: p, choice })}
                    fullWidth
                  >
                    {choiceText(p, choice)}
                  </Button>
                ))}
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={pending?.problem.label}>
        {pending && (
          <Stack>
            <Text>{M.confirmChoice(choiceText(pending.problem, pending.choice))}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPending(null)}>
                Cancelar
              </Button>
              <Button onClick={() => void confirm()} loading={choose.isPending}>
                Confirmar
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </section>
  );
}
