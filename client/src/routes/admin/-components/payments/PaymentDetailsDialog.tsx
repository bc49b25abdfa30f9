import { useState } from 'react';
import { Alert, Anchor, Badge, Divider, Group, Image, Loader, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconExternalLink, IconFileInvoice, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_PAYMENT_MESSAGES,
  MAILBOX_STATUS_LABELS,
  PAYMENT_REVIEW_LABELS,
  PAYMENT_STATUSES_SELECTABLE,
  PAYMENT_TYPE_LABELS,
  TRACKING_STATUS_LABELS,
  formatDateTime,
  invoicePdfPath,
  paymentReviewInput,
  formatPaidAmount,
  formatUsdFromCents,
  formatVesFromCents,
} from '@casillero/shared';
import { LabeledValue } from '../../../../components/LabeledValue';
import { DetailsDrawer, type DetailsDrawerOpen } from '../../../../components/details/DetailsDrawer';
import { EntityHistory } from '../../../../components/details/EntityHistory';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { getErrorMessage } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import type { PaymentDetail } from './types';
import { useCan } from '../../../../lib/permissions';
import { SubmitRow } from '../../../../components/forms/FormParts';
import { GrowingTextarea } from '../../../../components/forms/fields';

/** 'Ver Detalles' (docs/product/admin-payments-and-billing.md#ver-detalles): every field, the receipt, and the admin's response. */
export function PaymentDetailsDrawer(props: DetailsDrawerOpen) {
  const canReview = useCan('payments.write');
  return (
    <DetailsDrawer
      {...props}
      title="Detalles del Pago"
      query={(id) => trpc.payments.detail.queryOptions({ id })}
      loadFailed={ADMIN_PAYMENT_MESSAGES.loadFailed}
    >
      {(d) => (
        <>
          <Group justify="space-between">
            <Text fw={700} size="lg">
              {formatPaidAmount(d)} · {PAYMENT_TYPE_LABELS[d.transactionType]}
            </Text>
            <PaymentStatusBadge status={d.status} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LabeledValue label="Cliente">
              {d.customerName ?? '—'}
              <Text size="xs" c="dimmed">
                {d.customerEmail}
              </Text>
            </LabeledValue>
            <LabeledValue label={bolivaresPaid(d) === null ? 'Monto (USD)' : 'Monto (Bs.)'}>
              {formatPaidAmount(d)}
              {bolivaresPaid(d) !== null && (
                <Text size="xs" c="dimmed">
                  Equivale a {formatUsdFromCents(d.amountUsdCents)}
                </Text>
              )}
            </LabeledValue>
            <LabeledValue label="Tipo">{PAYMENT_TYPE_LABELS[d.transactionType]}</LabeledValue>
            <LabeledValue label="Método">{d.paymentMethod ?? 'N/A'}</LabeledValue>
            <LabeledValue label="Referencia">{d.paymentReference ?? 'N/A'}</LabeledValue>
            <LabeledValue label="Fecha">{formatDateTime(d.createdAt)}</LabeledValue>
            {d.amountVesCents !== null && bolivaresPaid(d) === null && (
              <LabeledValue label="Monto en bolívares">{formatVesFromCents(d.amountVesCents)}</LabeledValue>
            )}
            {d.invoiceId && d.invoiceNumber && (
              <LabeledValue label="Factura">
                <Group gap="xs" wrap="nowrap">
                  <span>Factura {d.invoiceNumber}</span>
                  <Anchor
                    href={invoicePdfPath(d.invoiceId)}
                    target="_blank"
                    rel="noopener"
                    size="sm"
                    aria-label={`Descargar PDF de la factura ${d.invoiceNumber}`}
                  >
                    <Group gap={4} wrap="nowrap">
                      <IconFileInvoice size={14} /> PDF
                    </Group>
                  </Anchor>
                </Group>
              </LabeledValue>
            )}
            {d.reportedAt && <LabeledValue label="Reportado">{formatDateTime(d.reportedAt)}</LabeledValue>}
            {d.mailboxCode && (
              <LabeledValue label="Casillero">
                {d.mailboxCode} · {d.mailboxStatus ? MAILBOX_STATUS_LABELS[d.mailboxStatus] : '—'}
              </LabeledValue>
            )}
            {d.shipmentCode && <LabeledValue label="Envío">{d.shipmentCode}</LabeledValue>}
            <LabeledValue label="ID del pago">
              <Text size="xs" ff="monospace" component="span">
                {d.id}
              </Text>
            </LabeledValue>
          </SimpleGrid>
          {d.description && <LabeledValue label="Descripción">{d.description}</LabeledValue>}
          {d.customerNote && <LabeledValue label="Nota del cliente">{d.customerNote}</LabeledValue>}
          {d.trackings.length > 0 && (
            <LabeledValue label="Trackings que paga">
              <Group gap="xs" mt={4}>
                {d.trackings.map((t) => (
                  <Badge key={t.id} variant="outline" color="gray">
                    {t.trackingNumber} · {TRACKING_STATUS_LABELS[t.status]}
                  </Badge>
                ))}
              </Group>
            </LabeledValue>
          )}

          <Divider label="Comprobante" labelPosition="left" />
          <Receipt fileId={d.receiptFileId} reference={d.paymentReference} />

          <Divider label="Respuesta del administrador" labelPosition="left" />
          {canReview ? (
            <ReviewForm key={`${d.id}-${d.status}`} payment={d} onDone={props.onClose} />
          ) : (
            <Text size="sm" c="dimmed">
              Tu rol puede ver los pagos, no aprobarlos ni rechazarlos.
            </Text>
          )}
          <Divider label="Historial de cambios" labelPosition="left" />
          <EntityHistory entity="payment_transactions" entityId={d.id} />
        </>
      )}
    </DetailsDrawer>
  );
}

/** What a payment made in bolívares paid, in Bs. (its amountUsdCents is the equivalent); null for one in dollars. */
const bolivaresPaid = (d: Pick<PaymentDetail, 'currency' | 'amountVesCents'>) =>
  d.currency === 'VES' ? d.amountVesCents : null;

/** The receipt image through a signed link that expires in an hour. */
function Receipt({ fileId, reference }: { fileId: string | null; reference: string | null }) {
  const link = useQuery({
    ...trpc.files.link.queryOptions({ id: fileId ?? '' }),
    enabled: fileId !== null,
    staleTime: 5 * 60_000,
  });
  const [imageFailed, setImageFailed] = useState(false);
  if (fileId === null) {
    return (
      <Text size="sm" c="dimmed">
        El cliente no adjuntó comprobante.
      </Text>
    );
  }
  if (link.isPending) return <Loader size="sm" role="status" aria-label="Cargando comprobante" />;
  if (link.isError || imageFailed) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} role="alert">
        {ADMIN_PAYMENT_MESSAGES.receiptFailed}
      </Alert>
    );
  }
  const alt = `Comprobante del pago ${reference ?? ''}`.trim();
  return (
    <Stack gap={4} align="flex-start">
      <Anchor href={link.data.url} target="_blank" rel="noopener">
        <Image
          src={link.data.url}
          alt={alt}
          mah={360}
          w="auto"
          fit="contain"
          radius="sm"
          bd="1px solid var(--mantine-color-gray-3)"
          onError={() => setImageFailed(true)}
        />
      </Anchor>
      <Anchor href={link.data.url} target="_blank" rel="noopener" size="sm">
        <Group gap={4}>
          <IconExternalLink size={14} /> Abrir en una pestaña nueva (enlace válido por 1 hora)
        </Group>
      </Anchor>
    </Stack>
  );
}

type ReviewValues = { id: string; status: (typeof PAYMENT_STATUSES_SELECTABLE)[number] | ''; adminNotes: string };

/** Pendiente / Aprobado / Rechazado with notes; a processed payment is shown, not changed. */
function ReviewForm({ payment, onDone }: { payment: PaymentDetail; onDone: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation(trpc.payments.review.mutationOptions());
  const isOpen = payment.status === 'pending';
  const form = useSchemaForm<ReviewValues>(paymentReviewInput, {
    id: payment.id,
    status: payment.status === 'cancelled' ? '' : payment.status,
    adminNotes: payment.adminNotes ?? '',
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await mutation.mutateAsync(paymentReviewInput.parse(values));
      notifySuccess(ADMIN_PAYMENT_MESSAGES.updatedTitle, ADMIN_PAYMENT_MESSAGES.updated);
      await queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() });
      onDone();
    } catch (error) {
      notifyError(getErrorMessage(error, ADMIN_PAYMENT_MESSAGES.updateFailed));
      // Someone else may have processed it meanwhile: show the current state.
      await queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Respuesta del administrador">
      <Stack gap="sm">
        {!isOpen && (
          <Alert color="gray" icon={<IconLock />}>
            {payment.processedAt
              ? `Procesado el ${formatDateTime(payment.processedAt)}${payment.processedByName ? ` por ${payment.processedByName}` : ''}. `
              : ''}
            La aprobación o el rechazo son definitivos: este pago ya no se puede cambiar.
          </Alert>
        )}
        {/* Three choices in sight: one tap, and no list that opens below the drawer's bottom edge. */}
        <Radio.Group label="Estado del pago" {...form.getInputProps('status')}>
          <Group gap="md" mt={4}>
            {PAYMENT_STATUSES_SELECTABLE.map((s) => (
              <Radio key={s} value={s} label={PAYMENT_REVIEW_LABELS[s]} disabled={!isOpen} />
            ))}
          </Group>
        </Radio.Group>
        <GrowingTextarea
          label="Notas del administrador"
          placeholder="Ej.: Pago verificado en la cuenta Zelle."
          maxRows={6}
          disabled={!isOpen}
          {...form.getInputProps('adminNotes')}
        />
        {isOpen && <SubmitRow label="Actualizar Pago" busy={mutation.isPending} />}
      </Stack>
    </form>
  );
}
