import { FileInput, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import { DialogActions } from '../../../components/forms/FormDialog';
import type { DecimalValue } from '../../../components/forms/DecimalInput';
import {
  CarrierSelect,
  EstadoTrackingSelect,
  PrealertFigures,
  prealertFigureChecks,
} from '../../../components/forms/PrealertFields';
import { usePlausibleConfirm } from '../../../components/forms/usePlausibleConfirm';
import { useSchemaForm } from '../../../components/forms/useSchemaForm';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import {
  MAILBOX_COUNTRY_LABELS,
  PREALERT_MAIL_MESSAGES,
  PREALERT_MESSAGES,
  TRAVEL_RULES_MESSAGES,
  RECEPTION_MESSAGES,
  checkTravel,
  prealertCheckInput,
  prealertCreateInput,
  type PrealertCarrier,
  type EstadoTrackingPrealerta,
} from '@casillero/shared';
import { getErrorMessage, getFieldErrors } from '../../../lib/errors';
import { checkFile } from '../../../lib/files';
import { UploadProgress, useUpload } from '../../../components/forms/UploadProgress';
import { trpc } from '../../../lib/trpc';
import { TravelFlags } from '../../../components/travel-rules/TravelFlags';
import type { Prealert } from './PrealertCard';
import { GrowingTextarea } from '../../../components/forms/fields';
import { DraftNotice, readFieldLabel } from '../../../components/prealert-mail/DraftNotice';
import { LivePrealertCustoms } from '../../../components/customs/lazy';

type Values = {
  trackingNumber: string;
  carrier: PrealertCarrier | '';
  senderName: string;
  description: string;
  quantityItems: DecimalValue;
  amountSpentUsdCents: DecimalValue;
  estimatedWeight: DecimalValue;
  estimatedValueUsdCents: DecimalValue;
  estadoTracking: EstadoTrackingPrealerta;
  notes: string;
  mailboxId: string | null;
  invoiceFileId: string | null;
};

function initialValues(p: Prealert | null, defaultMailbox: string | null): Values {
  return {
    trackingNumber: p?.trackingNumber ?? '',
    carrier: (p?.carrier as PrealertCarrier | null) ?? '',
    senderName: p?.senderName ?? '',
    description: p?.description ?? '',
    quantityItems: p?.quantityItems ?? 1,
    amountSpentUsdCents: p?.amountSpentUsdCents ?? '',
    estimatedWeight: p?.estimatedWeight ?? '',
    estimatedValueUsdCents: p?.estimatedValueUsdCents ?? '',
    estadoTracking: p?.estadoTracking ?? 'Prealertado',
    notes: p?.notes ?? '',
    mailboxId: p ? p.mailboxId : defaultMailbox,
    invoiceFileId: p?.invoiceFileId ?? null,
  };
}

const numberOrNull = (v: DecimalValue) => (typeof v === 'number' ? v : null);

/**
 * What the travel rules in effect say of the pre-alert as it is being typed (docs/product/travel-rules.md):
 * the same check the server makes on saving, so the warning comes before the purchase is declared.
 */
function useLiveTravelFlags(values: Values) {
  const rules = useQuery({ ...trpc.travelRules.inEffect.queryOptions(), staleTime: 5 * 60_000 });
  // The description as it settles, not at every key.
  const [description] = useDebouncedValue(values.description, 300);
  if (!rules.data || !description.trim()) return [];
  return checkTravel(
    rules.data,
    prealertCheckInput({
      description,
      quantityItems: numberOrNull(values.quantityItems),
      estimatedWeight: numberOrNull(values.estimatedWeight),
      estimatedValueUsdCents: numberOrNull(values.estimatedValueUsdCents),
      amountSpentUsdCents: numberOrNull(values.amountSpentUsdCents),
    }),
  );
}

/** The casillero a new pre-alert goes to without a choice: the only active one, as the server decides. */
function onlyActiveMailbox(boxes: { id: string; status: string }[] | undefined): string | null {
  const active = (boxes ?? []).filter((b) => b.status === 'active');
  return active.length === 1 ? active[0].id : null;
}

/** What a draft from an e-mail still lacks, for the "Falta" line (docs/product/prealerts-from-email.md). */
function missingOf(v: Values) {
  const missing: (
    | 'trackingNumber'
    | 'carrier'
    | 'senderName'
    | 'amountSpentUsdCents'
    | 'mailboxId'
    | 'estimatedWeight'
  )[] = [];
  if (!v.trackingNumber.trim()) missing.push('trackingNumber');
  if (!v.carrier) missing.push('carrier');
  if (!v.senderName.trim()) missing.push('senderName');
  if (v.amountSpentUsdCents === '') missing.push('amountSpentUsdCents');
  if (!v.mailboxId) missing.push('mailboxId');
  if (v.estimatedWeight === '') missing.push('estimatedWeight');
  return missing;
}

/**
 * Create or edit a pre-alert (edit only while pending or confirmed; the server checks again), or
 * confirm a draft made from a forwarded e-mail: the same form, its fields marked as read from
 * the e-mail, what is missing listed, full screen on a phone.
 */
export function PrealertForm({
  opened,
  prealert,
  onClose,
}: {
  opened: boolean;
  prealert: Prealert | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const boxes = useQuery(trpc.mailboxes.mine.queryOptions());
  const create = useMutation(trpc.prealerts.create.mutationOptions());
  const update = useMutation(trpc.prealerts.update.mutationOptions());
  const confirmDraft = useMutation(trpc.prealertMail.confirmDraft.mutationOptions());
  // A phone's width, read once as the dialog opens (no media-query hook: the route's dependencies stay as they were).
  const phone = typeof window !== 'undefined' && window.matchMedia('(max-width: 36em)').matches;
  const [serverError, setServerError] = useState<string | null>(null);
  const [invoice, setInvoice] = useState<File | null>(null);
  const [invoiceError, setInvoiceError] = useState<string | null>(null);
  const invoiceUpload = useUpload();
  const uploading = invoiceUpload.uploading;
  const plausible = usePlausibleConfirm();
  const isEdit = prealert !== null;
  const isDraft = prealert?.status === 'draft';
  const read = prealert ? { emailFields: prealert.emailFields, whatsappFields: prealert.whatsappFields } : null;
  const trackingFixed = isEdit && !isDraft && Boolean(prealert.trackingNumber);

  const form = useSchemaForm<Values>(prealertCreateInput, initialValues(prealert, onlyActiveMailbox(boxes.data)), {
    onValuesChange: () => setServerError(null),
  });
  const liveFlags = useLiveTravelFlags(form.values);

  const chooseInvoice = async (file: File | null) => {
    setInvoice(file);
    setInvoiceError(null);
    if (!file) {
      form.setFieldValue('invoiceFileId', prealert?.invoiceFileId ?? null);
      return;
    }
    const problem = await checkFile(file, 'invoice');
    if (problem) {
      setInvoiceError(problem);
      return;
    }
    try {
      const uploaded = await invoiceUpload.upload(file, 'invoice');
      form.setFieldValue('invoiceFileId', uploaded.id);
    } catch (error) {
      setInvoiceError(error instanceof Error ? error.message : PREALERT_MESSAGES.notEditable);
    }
  };

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    if (!(await plausible.confirm(prealertFigureChecks(values)))) return;
    // The schema accepted every figure: they are numbers now.
    const input = prealertCreateInput.parse(values);
    try {
      const result = isDraft
        ? await confirmDraft.mutateAsync({ ...input, id: prealert.id })
        : isEdit
          ? await update.mutateAsync({ ...input, id: prealert.id })
          : await create.mutateAsync(input);
      await queryClient.invalidateQueries({ queryKey: trpc.prealerts.mine.queryKey() });
      // A number already waiting in the warehouse was matched on the spot: say where it is.
      const detail = result.warehouseReceipt
        ? RECEPTION_MESSAGES.prealertMatchedDetail(result.warehouseReceipt)
        : isEdit
          ? ''
          : PREALERT_MESSAGES.createdDetail;
      notifications.show({ color: 'green', title: result.message, message: detail });
      // What the travel rules say of it (docs/product/travel-rules.md): also shown on its card.
      for (const f of result.travelFlags)
        notifications.show({
          color: f.level === 'block' ? 'red' : 'yellow',
          title: `${f.level === 'block' ? TRAVEL_RULES_MESSAGES.blocked : TRAVEL_RULES_MESSAGES.warning}: ${f.title}`,
          message: `${f.reason} ${TRAVEL_RULES_MESSAGES.whatToDo} ${f.advice}`,
          autoClose: 10_000,
        });
      onClose();
    } catch (error) {
      form.setErrors(getFieldErrors(error));
      setServerError(getErrorMessage(error));
      await queryClient.invalidateQueries({ queryKey: trpc.prealerts.mine.queryKey() });
    }
  });

  // An inactive casillero takes no new pre-alert (the server refuses it too); one already holding this pre-alert stays selectable.
  const mailboxOptions = (boxes.data ?? []).map((b) => {
    const usable = b.status === 'active' || b.id === prealert?.mailboxId;
    return {
      value: b.id,
      label: `${b.mailboxCode} · ${MAILBOX_COUNTRY_LABELS[b.country]}${usable ? '' : PREALERT_MESSAGES.mailboxInactiveSuffix}`,
      disabled: !usable,
    };
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={isDraft ? PREALERT_MAIL_MESSAGES.review : isEdit ? 'Editar prealerta' : 'Nueva prealerta'}
      size="lg"
      centered
      fullScreen={isDraft && phone}
    >
      <form onSubmit={submit} noValidate>
        {plausible.dialog}
        <Stack gap="sm">
          {isDraft && (
            <DraftNotice id={prealert.id} read={read ?? {}} missing={missingOf(form.values)} onDiscarded={onClose} />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={readFieldLabel('Número de tracking', 'trackingNumber', read)}
              placeholder="1Z999AA10123456784"
              description={
                trackingFixed ? 'No se puede cambiar una vez indicado.' : 'Si aún no lo tienes, agrégalo luego.'
              }
              disabled={trackingFixed}
              {...form.getInputProps('trackingNumber')}
            />
            <CarrierSelect inputProps={form.getInputProps} />
            <TextInput
              label={readFieldLabel('Tienda / remitente', 'senderName', read)}
              placeholder="Amazon, Shein, AliExpress…"
              {...form.getInputProps('senderName')}
            />
            <Select
              label="Casillero"
              placeholder="Selecciona tu casillero"
              data={mailboxOptions}
              clearable
              {...form.getInputProps('mailboxId')}
            />
          </SimpleGrid>
          <GrowingTextarea
            label={readFieldLabel('Descripción', 'description', read)}
            required
            placeholder="¿Qué compraste?"
            {...form.getInputProps('description')}
          />
          <PrealertFigures
            inputProps={form.getInputProps}
            amountLabel="Monto gastado (USD)"
            cols={{ base: 2, sm: 4 }}
          />
          <TravelFlags flags={liveFlags} />
          <Suspense fallback={null}>
            <LivePrealertCustoms
              description={form.values.description}
              estimatedValueUsdCents={numberOrNull(form.values.estimatedValueUsdCents)}
              amountSpentUsdCents={numberOrNull(form.values.amountSpentUsdCents)}
              estimatedWeight={numberOrNull(form.values.estimatedWeight)}
              location={boxes.data?.find((b) => b.id === form.values.mailboxId)?.location ?? null}
              items={numberOrNull(form.values.quantityItems) ?? 1}
            />
          </Suspense>
          <EstadoTrackingSelect inputProps={form.getInputProps} />
          <GrowingTextarea label="Notas" {...form.getInputProps('notes')} />
          <FileInput
            label="Factura de compra (opcional)"
            description={
              form.values.invoiceFileId && !invoice
                ? 'Ya adjuntaste una factura; elige otra para reemplazarla.'
                : 'Imagen JPEG, PNG o WebP, o PDF, de hasta 5 MB.'
            }
            placeholder="Elegir archivo"
            accept="image/jpeg,image/png,image/webp,application/pdf"
            leftSection={<IconPaperclip size={16} />}
            clearable
            value={invoice}
            onChange={(f) => void chooseInvoice(f)}
            error={invoiceError}
            disabled={uploading}
          />
          <UploadProgress {...invoiceUpload} />
          <DialogActions
            error={serverError}
            onCancel={onClose}
            label={isDraft ? PREALERT_MAIL_MESSAGES.confirm : isEdit ? 'Guardar cambios' : 'Crear prealerta'}
            loading={create.isPending || update.isPending || confirmDraft.isPending}
            disabled={uploading || Boolean(invoiceError)}
          />
        </Stack>
      </form>
    </Modal>
  );
}
