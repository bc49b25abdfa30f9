// 'Métodos de pago' (docs/decisions/021-billing-in-bolivares.md): how customers pay, kept by the administrator. Each has its kind's
// details (Pago Móvil: bank, phone and cédula/RIF; Zelle: e-mail...), its currency and whether
// it is active. A method in use is deactivated, never deleted, so reported payments keep it.
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconEdit, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CURRENCIES,
  CURRENCY_LABELS,
  PAYMENT_METHOD_FIELDS,
  PAYMENT_METHOD_KINDS,
  PAYMENT_METHOD_KIND_LABELS,
  PAYMENT_METHOD_MESSAGES as M,
  paymentMethodInput,
  type Currency,
  type PaymentMethodKind,
} from '@casillero/shared';
import { RowAction, ResponsiveTable, labelOptions, type ResponsiveColumn } from '../../../../components/data-table';
import { DialogForm, SubjectModal } from '../../../../components/forms/FormDialog';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { useDialogSubmit, useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { getErrorMessage } from '../../../../lib/errors';
import { notifyChange } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import type { PaymentMethodRow } from './format';
import { HeadingWithHint } from '../../../../components/layout/HeadingWithHint';
import { GrowingTextarea } from '../../../../components/forms/fields';

const SAVE_FAILED = 'No se pudo guardar el método de pago. Inténtalo de nuevo.';

/** The currency a kind is usually paid in: bolívares by Pago Móvil and transfer, dollars otherwise. */
const USUAL_CURRENCY: Record<PaymentMethodKind, Currency> = {
  pago_movil: 'VES',
  transferencia: 'VES',
  zelle: 'USD',
  binance: 'USD',
  efectivo: 'USD',
};

const kindOptions = labelOptions(PAYMENT_METHOD_KINDS, PAYMENT_METHOD_KIND_LABELS);
const currencyOptions = labelOptions(CURRENCIES, CURRENCY_LABELS);

/** Only the details of the method's kind, as strings (a stored method may lack one). */
function detailsOf(kind: PaymentMethodKind, details: Partial<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.keys(PAYMENT_METHOD_FIELDS[kind]).map((key) => [key, details[key] ?? '']));
}

/** The method as the update procedure takes it. */
function methodInput(m: PaymentMethodRow) {
  return {
    id: m.id,
    kind: m.kind,
    name: m.name,
    currency: m.currency,
    details: detailsOf(m.kind, m.details),
    instructions: m.instructions,
    active: m.active,
  };
}

function MethodDetails({ method }: { method: PaymentMethodRow }) {
  const fields = Object.entries(PAYMENT_METHOD_FIELDS[method.kind]) as [string, string][];
  return (
    <Stack gap={0}>
      {fields.map(([key, label]) => (
        <Text key={key} size="sm">
          <Text span c="dimmed" size="sm">
            {label}:
          </Text>{' '}
          {method.details[key] || '—'}
        </Text>
      ))}
      {method.instructions && (
        <Text size="xs" c="dimmed" fs="italic">
          {method.instructions}
        </Text>
      )}
    </Stack>
  );
}

/** The on/off switch of a method, for the administrator. */
function ActiveSwitch({ method }: { method: PaymentMethodRow }) {
  const invalidate = useInvalidate(trpc.paymentMethods);
  const update = useMutation(trpc.paymentMethods.update.mutationOptions());
  const toggle = async (active: boolean) => {
    await notifyChange(
      () => update.mutateAsync({ ...methodInput(method), active }),
      {
        title: M.savedTitle,
        message: active
          ? `«${method.name}» está activo: los clientes lo ven al pagar.`
          : `«${method.name}» está inactivo: los clientes ya no lo ven al pagar.`,
      },
      (error) => failureMessage(error, SAVE_FAILED),
    );
    await invalidate();
  };
  return (
    <Switch
      checked={method.active}
      disabled={update.isPending}
      onChange={(e) => void toggle(e.currentTarget.checked)}
      aria-label={`Método ${method.name} activo`}
      label={method.active ? 'Activo' : 'Inactivo'}
    />
  );
}

function methodColumns(canEdit: boolean, onEdit: (m: PaymentMethodRow) => void): ResponsiveColumn<PaymentMethodRow>[] {
  return [
    {
      header: 'Nombre',
      card: 'title',
      cell: (m) => (
        <Text fw={600} size="sm">
          {m.name}
        </Text>
      ),
    },
    {
      header: 'Activo',
      card: 'status',
      cell: (m) =>
        canEdit ? (
          <ActiveSwitch method={m} />
        ) : (
          <Badge
            color={m.active ? 'green' : 'gray'}
            variant="light"
            style={{ flexShrink: 0, overflow: 'visible' }}
            miw="fit-content"
          >
            {m.active ? 'Activo' : 'Inactivo'}
          </Badge>
        ),
    },
    { header: 'Tipo', cell: (m) => PAYMENT_METHOD_KIND_LABELS[m.kind] },
    { header: 'Moneda', cell: (m) => CURRENCY_LABELS[m.currency] },
    { header: 'Datos', card: 'wide', cell: (m) => <MethodDetails method={m} /> },
    ...(canEdit
      ? [
          {
            header: '',
            card: 'actions' as const,
            cell: (m: PaymentMethodRow) => (
              <RowAction
                label="Editar"
                ariaLabel={`Editar el método ${m.name}`}
                icon={<IconEdit size={18} />}
                onClick={() => onEdit(m)}
              />
            ),
          },
        ]
      : []),
  ];
}

/** 'Métodos de pago': every method (active or not); the administrator adds and edits them. */
export function PaymentMethodsSection({ canEdit }: { canEdit: boolean }) {
  const methods = useQuery(trpc.paymentMethods.all.queryOptions());
  // The method being edited, 'new' while adding one, null when the dialog is closed.
  const [editing, setEditing] = useState<PaymentMethodRow | 'new' | null>(null);
  const close = () => setEditing(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="metodos-de-pago">
      <Group justify="space-between">
        <div>
          <HeadingWithHint
            order={2}
            id="metodos-de-pago"
            title="Métodos de pago"
            hint="Los activos son los que el cliente ve, con sus datos, al reportar un pago."
          />
        </div>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Agregar método
          </Button>
        )}
      </Group>
      {methods.isPending ? (
        <Center py="lg">
          <Loader role="status" aria-label="Cargando" />
        </Center>
      ) : methods.isError ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {getErrorMessage(methods.error)}
        </Alert>
      ) : methods.data.length === 0 ? (
        <Text c="dimmed">Aún no hay métodos de pago.</Text>
      ) : (
        <ResponsiveTable
          caption="Métodos de pago"
          rows={methods.data}
          columns={methodColumns(canEdit, setEditing)}
          cardLabel={(m) => `Método ${m.name}`}
          minWidth={820}
        />
      )}
      <SubjectModal
        subject={editing}
        onClose={close}
        title={editing === 'new' ? 'Agregar método de pago' : 'Editar método de pago'}
        size="lg"
      >
        {(subject) => <MethodForm method={subject === 'new' ? null : subject} onClose={close} />}
      </SubjectModal>
    </Stack>
  );
}

type MethodValues = {
  kind: PaymentMethodKind;
  name: string;
  currency: Currency;
  /** Every kind's details, so switching kinds loses nothing typed; only the chosen kind's are sent. */
  details: Record<string, string>;
  instructions: string;
  active: boolean;
};

const emptyDetails = () =>
  Object.fromEntries(
    PAYMENT_METHOD_KINDS.flatMap((kind) => Object.keys(PAYMENT_METHOD_FIELDS[kind]).map((key) => [key, ''])),
  ) as Record<string, string>;

function initialValues(method: PaymentMethodRow | null): MethodValues {
  if (!method)
    return { kind: 'pago_movil', name: '', currency: 'VES', details: emptyDetails(), instructions: '', active: true };
  return {
    kind: method.kind,
    name: method.name,
    currency: method.currency,
    details: { ...emptyDetails(), ...detailsOf(method.kind, method.details) },
    instructions: method.instructions ?? '',
    active: method.active,
  };
}

function MethodForm({ method, onClose }: { method: PaymentMethodRow | null; onClose: () => void }) {
  const invalidate = useInvalidate(trpc.paymentMethods);
  const create = useMutation(trpc.paymentMethods.create.mutationOptions());
  const update = useMutation(trpc.paymentMethods.update.mutationOptions());
  const form = useSchemaForm<MethodValues>(paymentMethodInput, initialValues(method));
  const failure = (error: unknown) => failureMessage(error, SAVE_FAILED);
  const { submit, error } = useDialogSubmit(form, { invalidate, onClose, failure }, async (values) => {
    const input = { ...values, details: detailsOf(values.kind, values.details) };
    const result = method ? await update.mutateAsync({ id: method.id, ...input }) : await create.mutateAsync(input);
    return [M.savedTitle, result.message];
  });
  const kind = form.values.kind;
  const kindProps = form.getInputProps('kind');
  const fields = Object.entries(PAYMENT_METHOD_FIELDS[kind]) as [string, string][];

  return (
    <DialogForm
      onSubmit={submit}
      error={error}
      onCancel={onClose}
      label={method ? 'Guardar cambios' : 'Agregar método'}
      loading={create.isPending || update.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Tipo"
          required
          allowDeselect={false}
          data={kindOptions}
          {...kindProps}
          onChange={(v) => {
            if (!v) return;
            kindProps.onChange(v);
            // A new method starts in its kind's usual currency; an existing one keeps its own.
            if (!method) form.setFieldValue('currency', USUAL_CURRENCY[v as PaymentMethodKind]);
          }}
        />
        <Select
          label="Moneda"
          required
          allowDeselect={false}
          data={currencyOptions}
          {...form.getInputProps('currency')}
        />
      </SimpleGrid>
      <TextInput
        label="Nombre"
        required
        maxLength={80}
        placeholder="Pago Móvil Banesco"
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {fields.map(([key, label]) => (
          <TextInput
            key={`${kind}-${key}`}
            label={label}
            required
            maxLength={120}
            {...form.getInputProps(`details.${key}`)}
          />
        ))}
      </SimpleGrid>
      <GrowingTextarea
        label="Instrucciones para el cliente"
        maxRows={5}
        maxLength={300}
        placeholder="Usa como concepto tu código de casillero."
        {...form.getInputProps('instructions')}
      />
      <Switch label="Activo (los clientes lo ven al pagar)" {...form.getInputProps('active', { type: 'checkbox' })} />
    </DialogForm>
  );
}
