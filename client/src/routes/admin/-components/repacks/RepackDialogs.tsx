import { useState } from 'react';
import { List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPACK_ADMIN_MESSAGES as M, SHIPPING_METHOD_LABELS, processRepackSchema } from '@casillero/shared';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { trpc } from '../../../../lib/trpc';
import { DialogActions } from '../DialogActions';
import { failureMessage } from '../packages/feedback';

export type RepackRow = inferOutput<typeof trpc.repacks.adminPage>['rows'][number];

/** Repacks change packages too: every repacks and packages query is stale after one. */
export function useInvalidateRepacks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.repacks.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.packages.pathKey() }),
    ]);
}

export const customerOf = (r: RepackRow) => r.customer.fullName ?? r.customer.email;

/** 'Procesar': the warehouse receipt (WR) number is required (admin spec §5). */
export function ProcessRepackDialog({ request, onClose }: { request: RepackRow | null; onClose: () => void }) {
  return (
    <Modal opened={request !== null} onClose={onClose} title="Procesar reempaque">
      {request && <ProcessRepackForm request={request} onClose={onClose} />}
    </Modal>
  );
}

function ProcessRepackForm({ request, onClose }: { request: RepackRow; onClose: () => void }) {
  const invalidate = useInvalidateRepacks();
  const mutation = useMutation(trpc.repacks.process.mutationOptions());
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { id: request.id, warehouseReceipt: '' },
    validate: schemaResolver(processRepackSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const result = await mutation.mutateAsync(processRepackSchema.parse(values));
      notifications.show({ color: 'green', title: M.processedTitle, message: M.processed(result.warehouseReceipt) });
      await invalidate();
      onClose();
    } catch (error) {
      setServerError(failureMessage(error, M.processFailed));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          Solicitud de <b>{customerOf(request)}</b> · envío {SHIPPING_METHOD_LABELS[request.shippingMethod].toLowerCase()} ·{' '}
          {request.packages.length} {request.packages.length === 1 ? 'paquete' : 'paquetes'}
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
          label="Número de Warehouse Receipt (WR)"
          required
          placeholder="WR-2026-0001"
          data-autofocus
          {...form.getInputProps('warehouseReceipt')}
        />
        <DialogActions error={serverError} onCancel={onClose} label="Procesar" loading={mutation.isPending} />
      </Stack>
    </form>
  );
}

/** 'Marcar enviado' of a processed request; the customer is told. */
export function useMarkShipped() {
  const invalidate = useInvalidateRepacks();
  const mutation = useMutation(trpc.repacks.markShipped.mutationOptions());
  const markShipped = async (request: RepackRow) => {
    try {
      await mutation.mutateAsync({ id: request.id });
      notifications.show({ color: 'green', title: M.shippedTitle, message: M.shipped });
      await invalidate();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: failureMessage(error, M.shipFailed) });
    }
  };
  return { markShipped, pendingId: mutation.isPending ? mutation.variables?.id : undefined };
}
