import { List, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  REPACK_ADMIN_MESSAGES as M,
  SHIPPING_METHOD_LABELS,
  processRepackSchema,
  WAREHOUSE_RECEIPT_LABEL,
} from '@casillero/shared';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { trpc } from '../../../../lib/trpc';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { DialogForm, subjectDialog } from '../../../../components/forms/FormDialog';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { useDialogSubmit, useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { failureMessage } from '../packages/feedback';

export type RepackRow = inferOutput<typeof trpc.repacks.adminPage>['rows'][number];

/** Repacks change packages too: every repacks and packages query is stale after one. */
export const useInvalidateRepacks = () => useInvalidate(trpc.repacks, trpc.packages);

export const customerOf = (r: RepackRow) => r.customer.fullName ?? r.customer.email;

/**
 * 'Procesar': the warehouse receipt (WR) number and the finished box's weight and measures are
 * required (docs/product/admin-packages-and-shipments.md#repack-processing); the customer's ship
 * request prices that box as one parcel (docs/product/last-mile.md#the-ship-request).
 */
export const ProcessRepackDialog = subjectDialog<RepackRow>('Procesar reempaque', (request, onClose) => (
  <ProcessRepackForm request={request} onClose={onClose} />
));

function ProcessRepackForm({ request, onClose }: { request: RepackRow; onClose: () => void }) {
  const invalidate = useInvalidateRepacks();
  const mutation = useMutation(trpc.repacks.process.mutationOptions());
  const form = useSchemaForm<{ id: string; warehouseReceipt: string; weightKg: DecimalValue; dimensionsCm: string }>(
    processRepackSchema,
    { id: request.id, warehouseReceipt: '', weightKg: '', dimensionsCm: '' },
  );
  const failure = (error: unknown) => failureMessage(error, M.processFailed);
  // A box of 250 kg is asked about before it is saved (docs/decisions/005-money-and-numbers.md).
  const plausible = usePlausibleConfirm();
  const confirm = (values: { weightKg: DecimalValue }) =>
    plausible.confirm([{ kind: 'weightKg', value: values.weightKg }]);
  const { submit, error } = useDialogSubmit(form, { invalidate, onClose, failure, confirm }, async (values) => {
    const result = await mutation.mutateAsync(processRepackSchema.parse(values));
    return [M.processedTitle, M.processed(result.warehouseReceipt)];
  });

  return (
    <DialogForm onSubmit={submit} error={error} onCancel={onClose} label="Procesar" loading={mutation.isPending}>
      {plausible.dialog}
      <Text size="sm">
        Solicitud de <b>{customerOf(request)}</b> · envío {SHIPPING_METHOD_LABELS[request.shippingMethod].toLowerCase()}{' '}
        · {request.packages.length} {request.packages.length === 1 ? 'paquete' : 'paquetes'}
      </Text>
      <List size="sm" spacing={2}>
        {request.packages.map((p) => (
          <List.Item key={p.packageId}>
            {p.trackingNumber ?? 'Sin tracking'}: {p.packageDescription}
            {p.warehouseLocation ? ` (${p.warehouseLocation})` : ''}
          </List.Item>
        ))}
      </List>
      {request.instructions && (
        <Text size="sm" c="dimmed">
          Instrucciones: {request.instructions}
        </Text>
      )}
      <TextInput
        label={WAREHOUSE_RECEIPT_LABEL}
        required
        placeholder="WR-2026-0001"
        data-autofocus
        {...form.getInputProps('warehouseReceipt')}
      />
      <SimpleGrid cols={2}>
        <DecimalInput kind="weightKg" label="Peso de la caja (kg)" required {...form.getInputProps('weightKg')} />
        <TextInput
          label="Medidas de la caja (cm)"
          required
          placeholder="50x40x30"
          {...form.getInputProps('dimensionsCm')}
        />
      </SimpleGrid>
    </DialogForm>
  );
}

/** 'Marcar enviado' of a processed request; the customer is told. */
export function useMarkShipped() {
  const invalidate = useInvalidateRepacks();
  const mutation = useMutation(trpc.repacks.markShipped.mutationOptions());
  const markShipped = async (request: RepackRow) => {
    try {
      await mutation.mutateAsync({ id: request.id });
      notifySuccess(M.shippedTitle, M.shipped);
      await invalidate();
    } catch (error) {
      notifyError(failureMessage(error, M.shipFailed));
    }
  };
  return { markShipped, pendingId: mutation.isPending ? mutation.variables?.id : undefined };
}
