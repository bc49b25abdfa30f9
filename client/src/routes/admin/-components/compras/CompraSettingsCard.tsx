// Compra asistida's settings (docs/product/compra-asistida.md#the-quote): our fee (a percentage of
// the store's total, never under a minimum) and how many hours a quote is valid unless staff say
// otherwise. The administrator's (billing.settings); the form validates with the procedure's own
// schema, and every change is audited.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Accordion, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  COMPRA_DEFAULT_SETTINGS,
  COMPRA_VALID_HOURS_MAX,
  compraSettingsInput,
  type CompraSettings,
} from '@casillero/shared';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { UsdCentsInput, centsAsDollars } from '../../../../components/forms/UsdCentsInput';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { getErrorMessage } from '../../../../lib/errors';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';

/** The form's values: a number field holds the text it cannot read, which the schema refuses. */
type SettingsValues = Omit<CompraSettings, 'feeBasisPoints' | 'feeMinimumUsdCents' | 'validHours'> & {
  feeBasisPoints: DecimalValue;
  feeMinimumUsdCents: DecimalValue;
  validHours: DecimalValue;
};

export function CompraSettingsCard() {
  const canEdit = useCan('billing.settings');
  const current = useQuery({ ...trpc.compras.settings.queryOptions(), enabled: canEdit });
  const save = useMutation(trpc.compras.updateSettings.mutationOptions());
  const queryClient = useQueryClient();
  const plausible = usePlausibleConfirm();
  const form = useForm<SettingsValues>({
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
  const submit = form.onSubmit(async (values) => {
    if (!(await plausible.confirm([{ kind: 'amountUsd', value: centsAsDollars(values.feeMinimumUsdCents) }]))) return;
    save.mutate(compraSettingsInput.parse(values), {
      onSuccess: (r) => {
        notifySuccess(undefined, r.message);
        void queryClient.invalidateQueries({ queryKey: trpc.compras.pathKey() });
      },
      onError: (e) => notifyError(getErrorMessage(e)),
    });
  });
  // The fee is kept in basis points and typed as a percentage ("2,5" is 250).
  const basisPoints = form.values.feeBasisPoints;
  return (
    <Accordion variant="contained">
      <Accordion.Item value="settings">
        <Accordion.Control>Ajustes de la compra asistida</Accordion.Control>
        <Accordion.Panel>
          <form onSubmit={submit} noValidate aria-label="Ajustes de la compra asistida">
            {plausible.dialog}
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                La tarifa es un porcentaje del total de la tienda (productos, impuesto y envío), nunca menor al mínimo.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <DecimalInput
                  kind="percent"
                  label="Tarifa de servicio (%)"
                  value={typeof basisPoints === 'number' ? basisPoints / 100 : basisPoints}
                  error={form.errors.feeBasisPoints}
                  onChange={(v) =>
                    form.setFieldValue('feeBasisPoints', typeof v === 'number' ? Math.round(v * 100) : v)
                  }
                />
                <UsdCentsInput label="Tarifa mínima (USD)" {...form.getInputProps('feeMinimumUsdCents')} />
                <DecimalInput
                  kind="count"
                  label="Validez de la cotización (horas)"
                  description={`De 1 a ${COMPRA_VALID_HOURS_MAX} horas`}
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
