// A parcel's problems in its details drawer (docs/product/problem-parcels.md): the open one with its
// state, the customer's choice and its invoice; 'Marcar problema' for a parcel on the shelf and
// 'Completar' for a return or a disposal the customer chose. Closed problems stay as the record.
import { Badge, Button, Divider, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  PROBLEM_CHOICE_LABELS,
  PROBLEM_FLAGGABLE_STATUSES,
  PROBLEM_REASONS,
  PROBLEM_REASON_LABELS,
  PROBLEM_STATE_LABELS,
  formatDate,
  formatDateTime,
  formatUsdCents,
  problemAllowsContinue,
  problemFlagInput,
  readNumberField,
  type PackageStatus,
  type ProblemReason,
} from '@casillero/shared';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { notifyChange } from '../../../../lib/notify';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { FactGrid } from '../../../../components/details/DetailsParts';
import { GrowingTextarea } from '../../../../components/forms/fields';

export function ProblemSection({ packageId, status }: { packageId: string; status: PackageStatus }) {
  const canWrite = useCan('packages.write');
  const queryClient = useQueryClient();
  const problems = useQuery(trpc.problemParcels.ofPackage.queryOptions({ packageId }));
  const complete = useMutation(trpc.problemParcels.complete.mutationOptions());
  const [flagOpened, flag] = useDisclosure(false);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.problemParcels.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.packages.pathKey() }),
    ]);
  const list = problems.data ?? [];
  const open = list.find((p) => p.state === 'awaiting_customer' || p.state === 'awaiting_staff');
  const flaggable = !open && (PROBLEM_FLAGGABLE_STATUSES as readonly string[]).includes(status);

  return (
    <>
      <Divider label="Problemas" labelPosition="left" />
      <Stack gap="sm">
        {list.length === 0 && (
          <Text size="sm" c="dimmed">
            Sin problemas.
          </Text>
        )}
        {list.map((p) => (
          <Stack key={p.id} gap={4}>
            <Group gap="xs">
              <Badge color="orange">{PROBLEM_REASON_LABELS[p.reason]}</Badge>
              <Badge variant="light">{PROBLEM_STATE_LABELS[p.state]}</Badge>
            </Group>
            <FactGrid
              title="Problema"
              facts={[
                ['Nota', p.note],
                ['Cargo adicional', p.extraChargeUsdCents ? formatUsdCents(p.extraChargeUsdCents) : '—'],
                ['Marcado', formatDateTime(p.createdAt)],
                ['Se abandona el', formatDate(p.abandonOn)],
                ['Decisión del cliente', p.choice ? PROBLEM_CHOICE_LABELS[p.choice] : 'Sin decidir'],
                ['Factura', p.invoiceNumber ?? '—'],
              ]}
            />
            {p.state === 'awaiting_staff' && canWrite && (
              <Button
                loading={complete.isPending}
                onClick={() =>
                  void notifyChange(
                    () => complete.mutateAsync({ packageId }),
                    (r) => ({ message: r.message }),
                  ).then(async (ok) => {
                    if (ok) await refresh();
                  })
                }
              >
                {p.choice === 'return_to_seller' ? 'Completar: devuelto al vendedor' : 'Completar: desechado'}
              </Button>
            )}
          </Stack>
        ))}
        {flaggable && canWrite && (
          <Button variant="light" color="orange" onClick={flag.open}>
            Marcar problema
          </Button>
        )}
      </Stack>
      <FlagDialog packageId={packageId} opened={flagOpened} onClose={flag.close} onFlagged={refresh} />
    </>
  );
}

function FlagDialog({
  packageId,
  opened,
  onClose,
  onFlagged,
}: {
  packageId: string;
  opened: boolean;
  onClose: () => void;
  onFlagged: () => Promise<unknown>;
}) {
  const mutation = useMutation(trpc.problemParcels.flag.mutationOptions());
  const [reason, setReason] = useState<ProblemReason | null>(null);
  const [note, setNote] = useState('');
  const [charge, setCharge] = useState<DecimalValue>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const plausible = usePlausibleConfirm();

  const save = async () => {
    // Text the field cannot read is refused there (it shows why), never sent as "no charge".
    const reading = typeof charge === 'string' ? readNumberField('amountUsd', charge) : null;
    if (reading?.status === 'refused') {
      setErrors({ extraChargeUsd: reading.message });
      return;
    }
    const checked = problemFlagInput.safeParse({
      packageId,
      reason,
      note,
      extraChargeUsd: typeof charge === 'number' ? charge : null,
    });
    setErrors(
      checked.success ? {} : Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])),
    );
    if (!checked.success) return;
    if (!(await plausible.confirm([{ kind: 'amountUsd', value: charge }]))) return;
    const done = await notifyChange(
      () => mutation.mutateAsync(checked.data),
      (r) => ({ message: r.message }),
    );
    if (done) {
      await onFlagged();
      setReason(null);
      setNote('');
      setCharge('');
      onClose();
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Marcar problema">
      {plausible.dialog}
      <Stack>
        <Select
          label="Motivo"
          data={PROBLEM_REASONS.map((r) => ({ value: r, label: PROBLEM_REASON_LABELS[r] }))}
          value={reason}
          onChange={(v) => setReason(v as ProblemReason | null)}
          error={errors.reason}
          allowDeselect={false}
        />
        <GrowingTextarea
          label="Nota para el cliente"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
        />
        {reason && problemAllowsContinue(reason) && (
          <DecimalInput
            kind="amountUsd"
            label="Cargo adicional para continuar (USD)"
            value={charge}
            onChange={setCharge}
            error={errors.extraChargeUsd}
          />
        )}
        <Text size="xs" c="dimmed">
          Las fotos del paquete son las de su recepción.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={() => void save()} loading={mutation.isPending}>
            Marcar problema
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
