import { useRef, useState } from 'react';
import { Alert, Modal, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_TRACKINGS_PER_PAYMENT,
  PAYMENT_MESSAGES,
  PAYMENT_METHODS,
  PAYMENT_TYPE_LABELS,
  REPORTABLE_PAYMENT_TYPES,
  formatUsd,
  reportPaymentFormSchema,
  type PaymentMethod,
  type ReportablePaymentType,
} from '@casillero/shared';
import { getErrorMessage, getFieldErrors } from '../../../../lib/errors';
import { UploadError, checkFile, uploadFile } from '../../../../lib/files';
import { DialogActions } from '../../../../components/forms/FormDialog';
import { useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { trpc } from '../../../../lib/trpc';
import { ReceiptInput } from './ReceiptInput';
import { paymentSubject, type Payment } from './payment-text';

const NEW_PAYMENT = 'nuevo';

type Values = {
  paymentId: string | null;
  transactionType: ReportablePaymentType | '';
  paymentMethod: PaymentMethod | '';
  paymentReference: string;
  amountUsd: number | '';
  amountVes: number | '';
  description: string;
  /** The trackings a new shipping payment pays. */
  trackingIds: string[];
};

/** "Reportar pago": for a pending payment of the customer's, or a new one, with the receipt image. */
export function ReportPaymentModal({
  opened,
  onClose,
  reportable,
  initialPaymentId,
}: {
  opened: boolean;
  onClose: () => void;
  /** The customer's payments that can be reported now. */
  reportable: Payment[];
  initialPaymentId: string | null;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Reportar pago" size="lg">
      {/* Mounted only while open, so each opening starts from a clean form. */}
      {opened && <ReportPaymentForm onDone={onClose} reportable={reportable} initialPaymentId={initialPaymentId} />}
    </Modal>
  );
}

function ReportPaymentForm({ onDone, reportable, initialPaymentId }: { onDone: () => void; reportable: Payment[]; initialPaymentId: string | null }) {
  const queryClient = useQueryClient();
  const report = useMutation(trpc.payments.report.mutationOptions());
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // A receipt already uploaded is not sent again when the report is retried.
  const uploaded = useRef<{ file: File; id: string } | null>(null);

  const initial = reportable.find((p) => p.id === initialPaymentId) ?? null;
  const form = useSchemaForm<Values>(reportPaymentFormSchema, {
    paymentId: initial?.id ?? null,
    transactionType: '',
    paymentMethod: '',
    paymentReference: '',
    amountUsd: '',
    amountVes: '',
    description: '',
    trackingIds: [],
  });
  const selected = reportable.find((p) => p.id === form.values.paymentId) ?? null;
  const paysShipping = !selected && form.values.transactionType === 'shipping_payment';
  const payable = useQuery({ ...trpc.payments.payableTrackings.queryOptions(), enabled: paysShipping });

  const handleSubmit = form.onSubmit(async (values) => {
    const problem = receipt ? await checkFile(receipt, 'receipt') : PAYMENT_MESSAGES.receiptRequired;
    if (problem) {
      setReceiptError(problem);
      return;
    }
    try {
      setUploading(true);
      if (uploaded.current?.file !== receipt) uploaded.current = { file: receipt!, id: (await uploadFile(receipt!, 'receipt')).id };
    } catch (error) {
      setReceiptError(error instanceof UploadError ? error.message : PAYMENT_MESSAGES.receiptRequired);
      return;
    } finally {
      setUploading(false);
    }
    try {
      // The resolver has checked the method; the server checks everything again.
      const answer = await report.mutateAsync({
        ...values,
        trackingIds: paysShipping ? values.trackingIds : [],
        paymentMethod: values.paymentMethod as PaymentMethod,
        receiptFileId: uploaded.current.id,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.payments.mine.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.mailboxes.mine.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.payments.payableTrackings.queryKey() }),
      ]);
      notifications.show({ color: 'green', title: PAYMENT_MESSAGES.reportedTitle, message: answer.message });
      onDone();
    } catch (error) {
      const message = getErrorMessage(error);
      form.setErrors(getFieldErrors(error));
      if (message === PAYMENT_MESSAGES.duplicateReference) form.setFieldError('paymentReference', message);
      notifications.show({ color: 'red', title: 'No se pudo reportar el pago', message });
    }
  });

  const paymentOptions = [
    ...reportable.map((p) => ({ value: p.id, label: `${paymentSubject(p)} · ${formatUsd(p.amountUsd)}` })),
    { value: NEW_PAYMENT, label: 'Otro pago (envío, curso o créditos)' },
  ];

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Select
          label="Pago a reportar"
          data={paymentOptions}
          value={form.values.paymentId ?? NEW_PAYMENT}
          onChange={(v) => form.setFieldValue('paymentId', v && v !== NEW_PAYMENT ? v : null)}
          allowDeselect={false}
          withAsterisk
        />
        {selected ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
            <Text size="sm">
              Monto a pagar: <strong>{formatUsd(selected.amountUsd)}</strong>
              {selected.status === 'failed' && selected.adminNotes ? ` · Motivo del rechazo anterior: ${selected.adminNotes}` : ''}
            </Text>
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Concepto"
              placeholder="Selecciona el concepto"
              data={REPORTABLE_PAYMENT_TYPES.map((t) => ({ value: t, label: PAYMENT_TYPE_LABELS[t] }))}
              withAsterisk
              {...form.getInputProps('transactionType')}
            />
            <NumberInput
              label="Monto (USD)"
              placeholder="0,00"
              min={0}
              decimalScale={2}
              fixedDecimalScale
              decimalSeparator=","
              thousandSeparator="."
              prefix="$ "
              withAsterisk
              {...form.getInputProps('amountUsd')}
            />
          </SimpleGrid>
        )}
        {paysShipping && (
          <MultiSelect
            label="Trackings que pagas"
            description={
              payable.data?.length === 0
                ? 'No tienes trackings listos para enviar pendientes de pago. Aparecerán aquí cuando el almacén los prepare para el envío.'
                : 'Tus trackings listos para enviar que aún no tienen el despacho autorizado.'
            }
            placeholder={form.values.trackingIds.length ? undefined : 'Selecciona los trackings'}
            data={(payable.data ?? []).map((t) => ({
              value: t.id,
              label: `${t.trackingNumber} · ${t.description} · ${t.actualWeight ?? t.estimatedWeight} kg`,
            }))}
            searchable
            clearable
            maxValues={MAX_TRACKINGS_PER_PAYMENT}
            nothingFoundMessage={
              payable.isPending
                ? 'Cargando tus trackings…'
                : payable.isError
                  ? getErrorMessage(payable.error)
                  : 'No tienes trackings listos para enviar pendientes de pago.'
            }
            withAsterisk
            {...form.getInputProps('trackingIds')}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Método de pago" placeholder="Selecciona el método" data={[...PAYMENT_METHODS]} withAsterisk {...form.getInputProps('paymentMethod')} />
          <TextInput label="Referencia" placeholder="Número de confirmación" maxLength={100} withAsterisk {...form.getInputProps('paymentReference')} />
        </SimpleGrid>
        <NumberInput
          label="Monto en bolívares (opcional)"
          description="Si pagaste en bolívares, el monto exacto de la transferencia."
          placeholder="0,00"
          min={0}
          decimalScale={2}
          decimalSeparator=","
          thousandSeparator="."
          prefix="Bs. "
          {...form.getInputProps('amountVes')}
        />
        <Textarea
          label="Descripción (opcional)"
          placeholder="Cualquier detalle que nos ayude a identificar tu pago"
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('description')}
        />
        <ReceiptInput
          value={receipt}
          onChange={(file) => {
            setReceipt(file);
            setReceiptError(null);
          }}
          error={receiptError}
          onProblem={setReceiptError}
        />
        <Text size="xs" c="dimmed">
          Tu pago queda pendiente hasta que lo verifiquemos; te avisaremos por notificación y correo.
        </Text>
        <DialogActions onCancel={onDone} label="Reportar pago" loading={uploading || report.isPending} />
      </Stack>
    </form>
  );
}
