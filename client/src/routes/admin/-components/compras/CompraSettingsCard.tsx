// Compra asistida's settings (docs/product/compra-asistida.md#the-quote): our fee (a percentage of
// the store's total, never under a minimum) and how many hours a quote is valid unless staff say
// otherwise. The administrator's (billing.settings); the form validates with the procedure's own
// schema, and every change is audited.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Accordion, Button, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  COMPRA_DEFAULT_SETTINGS,
  COMPRA_VALID_HOURS_MAX,
  compraSettingsInput,
  type CompraSettings,
} from '@casillero/shared';
import { UsdCentsInput } from '../../../../components/forms/UsdCentsInput';
import { getErrorMessage } from '../../../../lib/errors';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';

export function CompraSettingsCard() {
  const canEdit = useCan('billing.settings');
  const current = useQuery({ ...trpc.compras.settings.queryOptions(), enabled: canEdit });
  const save = useMutation(trpc.compras.updateSettings.mutationOptions());
  const queryClient = useQueryClient();
  const form = useForm<CompraSettings>({
    mode: 'controlled',
    initialValues: { ...COMPRA_DEFAULT_SETTINGS },
    validate: schemaResolver(compraSettingsInput, { sync: true }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form takes the saved values once they arrive
  useEffect(() => {
    if (current.data) {
      form.setValues(current.data);
      form.resetDirty(current.data);
    }
  }, [current.data]);
  if (!canEdit || !current.data) return null;
  const submit = form.onSubmit((values) =>
    save.mutate(compraSettingsInput.parse(values), {
      onSuccess: (r) => {
        notifySuccess(undefined, r.message);
        void queryClient.invalidateQueries({ queryKey: trpc.compras.pathKey() });
      },
      onError: (e) => notifyError(getErrorMessage(e)),
    }),
  );
  const percent = form.getInputProps('feeBasisPoints');
  return (
    <Accordion variant="contained">
      <Accordion.Item value="settings">
        <Accordion.Control>Ajustes de la compra asistida</Accordion.Control>
        <Accordion.Panel>
          <form onSubmit={submit} noValidate aria-label="Ajustes de la compra asistida">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                La tarifa es un porcentaje del total de la tienda (productos, impuesto y envío), nunca menor al mínimo.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <NumberInput
                  label="Tarifa de servicio (%)"
                  min={0}
                  max={50}
                  decimalScale={2}
                  decimalSeparator=","
                  value={form.values.feeBasisPoints / 100}
                  error={percent.error}
                  onChange={(v) =>
                    form.setFieldValue('feeBasisPoints', typeof v === 'number' ? Math.round(v * 100) : Number.NaN)
                  }
                />
                <UsdCentsInput label="Tarifa mínima (USD)" {...form.getInputProps('feeMinimumUsdCents')} />
                <NumberInput
                  label="Validez de la cotización (horas)"
                  min={1}
                  max={COMPRA_VALID_HOURS_MAX}
                  allowDecimal={false}
                  {...form.getInputProps('validHours')}
                />
              </SimpleGrid>
              <Button type="submit" w="fit-content" loading={save.isPending}>
                Guardar ajustes
              </Button>
            </Stack>
          </form>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
