import { Alert, Button, Checkbox, Group, Paper, Radio, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '../../../../components/forms/DatePickerInput';
import type { GetInputPropsReturnType, UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  PACKAGE_STATUS_LABELS,
  SHIPMENT_MESSAGES as M,
  SHIPPING_METHODS,
  SHIPPING_METHOD_LABELS,
  formatUsd,
  shipmentCreateInput,
  type DeliveryMethod,
  type PlausibilityCheck,
  type ShippingMethod,
  formatUsdFromCents,
  fromCents,
  formatKg,
} from '@casillero/shared';
import { DeliveryChoice, useCustomerRecipients } from '../../../../components/delivery/DeliveryChoice';
import type { DecimalValue } from '../../../../components/forms/DecimalInput';
import { centsAsDollars, UsdCentsInput } from '../../../../components/forms/UsdCentsInput';
import { optionalValue } from '../../../../components/forms/fields';
import { formDialog } from '../../../../components/forms/FormDialog';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { trpc } from '../../../../lib/trpc';
import { CustomerPicker } from '../packages/CustomerPicker';
import { failureMessage } from '../packages/feedback';
import { ShipmentInsuranceSwitch } from './ShipmentInsurance';
import { useInvalidateShipments } from './ShipmentStatus';
import type { ShippablePackage } from './types';

type Values = {
  userId: string;
  recipientId: string;
  deliveryMethod: DeliveryMethod;
  agencyId: string | null;
  estimatedDelivery: string;
  shippingCostUsdCents: DecimalValue;
  packageIds: string[];
  shippingMethod: ShippingMethod;
  insured: boolean;
};

const INITIAL: Values = {
  userId: '',
  recipientId: '',
  deliveryMethod: 'home',
  agencyId: null,
  estimatedDelivery: '',
  shippingCostUsdCents: 0,
  packageIds: [],
  // Most shipments fly; a sea shipment is chosen here (docs/product/departures.md).
  shippingMethod: 'aereo',
  insured: false,
};

const kg1 = (n: number) => formatKg(n, { decimals: 1, fixed: true });

type DeliveryField = 'estimatedDelivery' | 'shippingCostUsdCents';

/** The delivery part of a shipment's form values. */
type DeliveryFormValues = { recipientId: string; deliveryMethod: DeliveryMethod; agencyId: string | null };

/** The recipient and the delivery of a customer's shipment, bound to a form (creating and editing). */
export function ShipmentDeliveryChoice<V extends DeliveryFormValues>({
  form,
  userId,
  initialAgencyState,
}: {
  form: UseFormReturnType<V>;
  userId: string;
  initialAgencyState?: string | null;
}) {
  const recipients = useCustomerRecipients(userId);
  const values = form.values as DeliveryFormValues;
  const set = form.setFieldValue as unknown as (field: keyof DeliveryFormValues, value: unknown) => void;
  return (
    <DeliveryChoice
      recipients={recipients.data ?? []}
      loading={!userId || recipients.isPending}
      value={{ recipientId: values.recipientId, deliveryMethod: values.deliveryMethod, agencyId: values.agencyId }}
      onChange={(next) => {
        set('recipientId', next.recipientId);
        set('deliveryMethod', next.deliveryMethod);
        set('agencyId', next.agencyId);
      }}
      errors={{
        recipientId: form.errors.recipientId,
        deliveryMethod: form.errors.deliveryMethod,
        agencyId: form.errors.agencyId,
      }}
      initialAgencyState={initialAgencyState}
      customerId={userId || undefined}
    />
  );
}

/** The cost asked about before saving when far from the usual. */
export const shippingCostCheck = (costCents: unknown): PlausibilityCheck[] => [
  { kind: 'amountUsd', value: centsAsDollars(costCents) },
];

/** When the shipment is delivered and what it costs (creating and editing a shipment). */
export function DeliveryFields({
  inputProps,
  minDate,
}: {
  inputProps: (field: DeliveryField) => GetInputPropsReturnType;
  minDate?: Date;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <DatePickerInput
        label="Entrega estimada"
        placeholder="Opcional"
        clearable
        valueFormat="DD/MM/YYYY"
        leftSection={<IconCalendar size={16} />}
        minDate={minDate}
        {...optionalValue(inputProps('estimatedDelivery'))}
      />
      <UsdCentsInput withSign label="Costo de envío (USD)" emptyValue={0} {...inputProps('shippingCostUsdCents')} />
    </SimpleGrid>
  );
}

const SUMMARY = [
  { key: 'count', label: 'Paquetes', show: (s: Summary) => s.count },
  { key: 'weight', label: 'Peso total', show: (s: Summary) => kg1(s.weightKg) },
  { key: 'value', label: 'Valor total', show: (s: Summary) => formatUsd(s.valueUsd) },
];

type Summary = ReturnType<typeof shipmentSummary>;

/** Package count, total weight (kg, 1 decimal) and total value (USD, 2 decimals) of the chosen packages. */
export function shipmentSummary(chosen: ShippablePackage[]) {
  return {
    count: chosen.length,
    weightKg: chosen.reduce((n, p) => n + (p.weightKg ?? 0), 0),
    valueUsd: fromCents(chosen.reduce((n, p) => n + (p.estimatedValueUsdCents ?? 0), 0)),
  };
}

/** 'Crear Envío' (docs/product/admin-packages-and-shipments.md#crear-envío): customer, address, date, cost and the customer's available packages. */
export const CreateShipmentDialog = formDialog('Crear Envío', CreateShipmentForm, 'xl');

function CreateShipmentForm({ onClose }: { onClose: () => void }) {
  const invalidate = useInvalidateShipments();
  const mutation = useMutation(trpc.shipments.create.mutationOptions());
  const plausible = usePlausibleConfirm();
  const form = useSchemaForm<Values>(shipmentCreateInput, INITIAL);
  const userId = form.values.userId;
  const available = useQuery({
    ...trpc.shipments.availablePackages.queryOptions({ userId }),
    enabled: Boolean(userId),
  });
  const list = available.data ?? [];
  const chosen = list.filter((p) => form.values.packageIds.includes(p.id));
  const summary = shipmentSummary(chosen);

  const toggle = (id: string, checked: boolean) =>
    form.setFieldValue(
      'packageIds',
      checked ? [...form.values.packageIds, id] : form.values.packageIds.filter((x) => x !== id),
    );

  const submit = form.onSubmit(
    async (values) => {
      if (!(await plausible.confirm(shippingCostCheck(values.shippingCostUsdCents)))) return;
      try {
        const result = await mutation.mutateAsync(shipmentCreateInput.parse(values));
        notifications.show({
          color: 'green',
          title: M.created,
          message: `${result.shipmentCode}: ${result.packageCount} ${result.packageCount === 1 ? 'paquete' : 'paquetes'}, ${kg1(result.totalWeightKg)}.`,
        });
        form.reset();
        await invalidate();
        onClose();
      } catch (error) {
        notifications.show({ color: 'red', title: M.createFailed, message: failureMessage(error, M.createFailed) });
        // The list may have changed under us (another admin took a package).
        await invalidate();
      }
    },
    (errors) => {
      if (errors.packageIds) notifications.show({ color: 'red', title: 'Error', message: M.packagesRequired });
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      {plausible.dialog}
      <Stack>
        <CustomerPicker
          required
          value={userId}
          error={form.errors.userId}
          onChange={(id) => {
            form.setFieldValue('userId', id);
            form.setFieldValue('packageIds', []);
            form.setFieldValue('recipientId', '');
            form.setFieldValue('agencyId', null);
          }}
        />
        <ShipmentDeliveryChoice key={userId} form={form} userId={userId} />
        <DeliveryFields inputProps={form.getInputProps} minDate={new Date()} />
        <Radio.Group
          label={M.methodLabel}
          description={M.methodHint}
          withAsterisk
          {...form.getInputProps('shippingMethod')}
        >
          <Group mt="xs">
            {SHIPPING_METHODS.map((m) => (
              <Radio key={m} value={m} label={SHIPPING_METHOD_LABELS[m]} />
            ))}
          </Group>
        </Radio.Group>

        <div>
          <Text size="sm" fw={500} mb={4}>
            Paquetes{' '}
            <Text span c="red">
              *
            </Text>
          </Text>
          {!userId ? (
            <Text size="sm" c="dimmed">
              Selecciona un cliente para ver sus paquetes recibidos o en almacén.
            </Text>
          ) : available.isError ? (
            <Alert color="red">{failureMessage(available.error, M.loadFailed)}</Alert>
          ) : list.length === 0 && !available.isPending ? (
            <Alert color="gray" icon={<IconInfoCircle />}>
              {M.noPackages}
            </Alert>
          ) : (
            <Paper withBorder radius="sm">
              <ScrollArea h="15rem" type="auto" aria-label="Paquetes disponibles">
                <Stack gap={0}>
                  {list.map((p) => (
                    <Checkbox
                      key={p.id}
                      p="sm"
                      checked={form.values.packageIds.includes(p.id)}
                      onChange={(e) => toggle(p.id, e.currentTarget.checked)}
                      aria-label={`${p.trackingNumber ?? 'Sin tracking'}: ${p.packageDescription}`}
                      label={
                        <div>
                          <Text size="sm" fw={600} ff="monospace">
                            {p.trackingNumber ?? 'Sin tracking'}
                          </Text>
                          <Text size="sm">{p.packageDescription}</Text>
                          <Text size="xs" c="dimmed">
                            {PACKAGE_STATUS_LABELS[p.status]} · {p.weightKg === null ? 'sin peso' : kg1(p.weightKg)} ·{' '}
                            {p.estimatedValueUsdCents === null
                              ? 'sin valor'
                              : formatUsdFromCents(p.estimatedValueUsdCents)}
                            {p.senderName ? ` · ${p.senderName}` : ''}
                          </Text>
                        </div>
                      }
                    />
                  ))}
                </Stack>
              </ScrollArea>
            </Paper>
          )}
          {form.errors.packageIds && (
            <Text size="xs" c="red" mt={4}>
              {form.errors.packageIds}
            </Text>
          )}
        </div>

        <Paper withBorder radius="sm" p="sm" bg="gray.0" aria-label="Resumen del envío">
          <SimpleGrid cols={3}>
            {SUMMARY.map((item) => (
              <div key={item.key}>
                <Text size="xs" c="dimmed">
                  {item.label}
                </Text>
                <Text fw={700} data-summary={item.key}>
                  {item.show(summary)}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>

        <ShipmentInsuranceSwitch
          chosen={chosen}
          checked={form.values.insured}
          onChange={(insured) => form.setFieldValue('insured', insured)}
        />

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={mutation.isPending} disabled={form.values.packageIds.length === 0}>
            Crear Envío
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
