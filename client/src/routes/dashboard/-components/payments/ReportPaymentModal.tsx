import { useRef, useState } from 'react';
import {
  Alert,
  Center,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_TRACKINGS_PER_PAYMENT,
  PAYMENT_MESSAGES,
  PAYMENT_TYPE_LABELS,
  REPORTABLE_PAYMENT_TYPES,
  formatUsdCents,
  reportPaymentFormSchema,
  type ReportablePaymentType,
  fromCents,
  formatKg,
} from '@casillero/shared';
import { getErrorMessage, getFieldErrors } from '../../../../lib/errors';
import { UploadError, checkFile } from '../../../../lib/files';
import { UploadProgress, useUpload } from '../../../../components/forms/UploadProgress';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { DialogActions } from '../../../../components/forms/FormDialog';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { trpc } from '../../../../lib/trpc';
import { PaymentMethodDetails } from './PaymentMethodDetails';
import { ReceiptInput } from './ReceiptInput';
import { bothCurrencies, invoiceSubject, type Invoice, type PaymentMethodOption } from './invoice-text';
import { paymentSubject, type Payment } from './payment-text';
import { GrowingTextarea } from '../../../../components/forms/fields';
import { AfterFirstPaint } from '../../../../components/layout/AfterFirstPaint';

/**
 * What a report pays: one of the customer's invoices (through the payment the system opened for
 * it, when there is one), a payment the system opened without an invoice, or a new payment on
 * account (shipping with its trackings, a course, credit).
 */
export type ReportSubject =
  | { kind: 'invoice'; invoice: Invoice }
  | { kind: 'payment'; payment: Payment }
  | { kind: 'new' };

type Values = {
  paymentId: string | null;
  invoiceId: string | null;
  transactionType: ReportablePaymentType | '';
  methodId: string;
  paymentReference: string;
  /** In the chosen method's currency. */
  amount: DecimalValue;
  description: string;
  /** The trackings a new shipping payment pays. */
  trackingIds: string[];
};

/** "Reportar pago": the method's details to pay with, then the amount, the reference and the receipt. */
export function ReportPaymentModal({ subject, onClose }: { subject: ReportSubject | null; onClose: () => void }) {
  return (
    <Modal opened={subject !== null} onClose={onClose} title="Reportar pago" size="lg">
      {/* Mounted only while open, so each opening starts from a clean form. */}
      {subject && (
        <AfterFirstPaint>
          <ReportPaymentForm subject={subject} onDone={onClose} />
        </AfterFirstPaint>
      )}
    </Modal>
  );
}

/** What the subject still owes in a currency, as the amount field's starting value. */
function owedIn(subject: ReportSubject, currency: 'USD' | 'VES'): number | '' {
  if (subject.kind === 'invoice') {
    const { remainingUsdCents, remainingVesCentimos } = subject.invoice;
    if (currency === 'USD') return fromCents(remainingUsdCents);
    return remainingVesCentimos == null ? '' : fromCents(remainingVesCentimos);
  }
  // The form's amount is typed in the method's currency; the server turns it into cents once.
  if (subject.kind === 'payment' && currency === 'USD') return fromCents(subject.payment.amountUsdCents);
  return '';
}

function ReportPaymentForm({ subject, onDone }: { subject: ReportSubject; onDone: () => void }) {
  const queryClient = useQueryClient();
  const methods = useQuery(trpc.paymentMethods.active.queryOptions());
  const report = useMutation(trpc.payments.report.mutationOptions());
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const receiptUpload = useUpload();
  const [refusal, setRefusal] = useState<string | null>(null);
  const plausible = usePlausibleConfirm();
  // A receipt already uploaded is not sent again when the report is retried.
  const uploaded = useRef<{ file: File; id: string } | null>(null);

  const invoice = subject.kind === 'invoice' ? subject.invoice : null;
  const form = useSchemaForm<Values>(reportPaymentFormSchema, {
    paymentId: invoice ? invoice.openPaymentId : subject.kind === 'payment' ? subject.payment.id : null,
    invoiceId: invoice && !invoice.openPaymentId ? invoice.id : null,
    transactionType: '',
    methodId: '',
    paymentReference: '',
    amount: '',
    description: '',
    trackingIds: [],
  });
  const method = methods.data?.find((m) => m.id === form.values.methodId) ?? null;
  const paysShipping = subject.kind === 'new' && form.values.transactionType === 'shipping_payment';
  const payable = useQuery({ ...trpc.payments.payableTrackings.queryOptions(), enabled: paysShipping });

  function chooseMethod(id: string) {
    const next = methods.data?.find((m) => m.id === id);
    if (!next) return;
    // An amount typed in one currency means nothing in the other: start again from what is owed.
    if (next.currency !== method?.currency) form.setFieldValue('amount', owedIn(subject, next.currency));
    form.setFieldValue('methodId', id);
  }

  const handleSubmit = form.onSubmit(async (values) => {
    setRefusal(null);
    if (
      !(await plausible.confirm([
        { kind: method?.currency === 'VES' ? 'amountVes' : 'amountUsd', value: values.amount },
      ]))
    )
      return;
    const problem = receipt ? await checkFile(receipt, 'receipt') : PAYMENT_MESSAGES.receiptRequired;
    if (problem) {
      setReceiptError(problem);
      return;
    }
    try {
      if (uploaded.current?.file !== receipt)
        uploaded.current = { file: receipt!, id: (await receiptUpload.upload(receipt!, 'receipt')).id };
    } catch (error) {
      setReceiptError(error instanceof UploadError ? error.message : PAYMENT_MESSAGES.receiptRequired);
      return;
    }
    try {
      const answer = await report.mutateAsync({
        ...values,
        // Checked by the schema: a number, or empty for what is still owed.
        amount: values.amount as number | '',
        trackingIds: paysShipping ? values.trackingIds : [],
        receiptFileId: uploaded.current.id,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.billing.mine.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.payments.mine.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.mailboxes.mine.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.payments.payableTrackings.queryKey() }),
      ]);
      notifications.show({ color: 'green', title: PAYMENT_MESSAGES.reportedTitle, message: answer.message });
      onDone();
    } catch (error) {
      const message = getErrorMessage(error);
      const fieldErrors = getFieldErrors(error);
      form.setErrors(fieldErrors);
      // A repeated (or already approved) reference is the reference's fault: said there, once.
      if (message === PAYMENT_MESSAGES.duplicateReference || message === PAYMENT_MESSAGES.referenceAlreadyPaid)
        form.setFieldError('paymentReference', message);
      else if (!Object.values(fieldErrors).includes(message)) setRefusal(message);
    }
  });

  if (methods.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Cargando métodos de pago" />
      </Center>
    );
  }
  if (methods.isError) {
    return (
      <Alert color="red" role="alert" title="No se pudieron cargar los métodos de pago">
        {getErrorMessage(methods.error)}
      </Alert>
    );
  }

  const currency = method?.currency ?? null;
  return (
    <form onSubmit={handleSubmit} noValidate>
      {plausible.dialog}
      <Stack gap="md">
        <SubjectSummary subject={subject} />
        {subject.kind === 'new' && (
          <Select
            label="Concepto"
            placeholder="Selecciona el concepto"
            data={REPORTABLE_PAYMENT_TYPES.map((t) => ({ value: t, label: PAYMENT_TYPE_LABELS[t] }))}
            withAsterisk
            {...form.getInputProps('transactionType')}
          />
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
              label: `${t.trackingNumber} · ${t.description} · ${formatKg(t.actualWeight ?? t.estimatedWeight)}`,
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

        <Radio.Group
          label="Método de pago"
          description="Paga con uno de estos métodos y luego reporta el pago aquí."
          withAsterisk
          value={form.values.methodId}
          onChange={chooseMethod}
          error={form.errors.methodId}
        >
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mt="xs">
            {methods.data.map((m) => (
              <MethodCard key={m.id} method={m} />
            ))}
          </SimpleGrid>
        </Radio.Group>
        {methods.data.length === 0 && (
          <Alert color="orange" icon={<IconInfoCircle />}>
            Por ahora no hay métodos de pago disponibles. Escríbenos para coordinar tu pago.
          </Alert>
        )}
        {method && <PaymentMethodDetails method={method} />}

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DecimalInput
            kind={currency === 'VES' ? 'amountVes' : 'amountUsd'}
            withSign={currency !== null}
            label={
              currency === 'VES' ? 'Monto pagado en Bs.' : currency === 'USD' ? 'Monto pagado en USD' : 'Monto pagado'
            }
            description={amountHint(subject, currency)}
            placeholder={currency ? '0,00' : 'Elige primero el método'}
            disabled={!currency}
            withAsterisk={subject.kind === 'new'}
            {...form.getInputProps('amount')}
          />
          <TextInput
            label="Referencia"
            placeholder="Número de confirmación"
            maxLength={100}
            withAsterisk
            {...form.getInputProps('paymentReference')}
          />
        </SimpleGrid>
        <ReceiptInput
          value={receipt}
          onChange={(file) => {
            setReceipt(file);
            setReceiptError(null);
          }}
          error={receiptError}
          onProblem={setReceiptError}
        />
        <UploadProgress {...receiptUpload} />
        <GrowingTextarea
          label="Descripción (opcional)"
          placeholder="Cualquier detalle que nos ayude a identificar tu pago"
          maxLength={500}
          {...form.getInputProps('description')}
        />
        <Text size="xs" c="dimmed">
          Tu pago queda en revisión hasta que lo verifiquemos; te avisaremos por notificación y correo.
        </Text>
        <DialogActions
          onCancel={onDone}
          label="Reportar pago"
          loading={receiptUpload.uploading || report.isPending}
          error={refusal}
        />
      </Stack>
    </form>
  );
}

function MethodCard({ method }: { method: PaymentMethodOption }) {
  return (
    <Radio.Card value={method.id} radius="md" p="sm">
      <Group wrap="nowrap" gap="xs" align="flex-start">
        <Radio.Indicator size="sm" mt={2} />
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600}>
            {method.name}
          </Text>
          <Text size="xs" c="dimmed">
            {method.currency === 'VES' ? 'En bolívares' : 'En dólares'}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/** What the report is for, and what it still owes. */
function SubjectSummary({ subject }: { subject: ReportSubject }) {
  if (subject.kind === 'new') {
    return (
      <Text size="sm" c="dimmed">
        Un pago de envío, curso o créditos. Para pagar una factura, usa «Reportar pago» en la factura.
      </Text>
    );
  }
  if (subject.kind === 'payment') {
    const { payment } = subject;
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
        <Text size="sm">
          {paymentSubject(payment)}: <strong>{formatUsdCents(payment.amountUsdCents)}</strong>
          {payment.status === 'failed' && payment.adminNotes
            ? ` · Motivo del rechazo anterior: ${payment.adminNotes}`
            : ''}
        </Text>
      </Alert>
    );
  }
  const { invoice } = subject;
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle />} title={`Factura ${invoice.number}`}>
      <Stack gap={2}>
        <Text size="sm">{invoiceSubject(invoice)}</Text>
        <Text size="sm">Total: {bothCurrencies(invoice.usdCents, invoice.vesCentimos)}</Text>
        <Text size="sm">
          Por pagar: <strong>{bothCurrencies(invoice.remainingUsdCents, invoice.remainingVesCentimos)}</strong>
        </Text>
      </Stack>
    </Alert>
  );
}

function amountHint(subject: ReportSubject, currency: 'USD' | 'VES' | null): string | undefined {
  if (!currency) return undefined;
  if (subject.kind === 'invoice') {
    if (currency === 'VES' && subject.invoice.remainingVesCentimos == null) {
      return 'La factura se emitió sin tasa: si lo dejas vacío, se toma lo que falta a la tasa de hoy.';
    }
    return currency === 'VES'
      ? 'Lo que falta por pagar, a la tasa de la factura. Si pagaste una parte, escribe lo que pagaste.'
      : 'Lo que falta por pagar. Si pagaste una parte, escribe lo que pagaste.';
  }
  if (subject.kind === 'payment' && currency === 'VES')
    return 'Si lo dejas vacío, se toma el monto a pagar a la tasa de hoy.';
  return currency === 'VES' ? 'El monto exacto de tu pago en bolívares.' : undefined;
}
