// The fields a pre-alert has both in the customer's form and in the admin's edit dialog.
import { Select, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { ESTADOS_TRACKING_PREALERTA, PREALERT_CARRIERS, type PlausibilityCheck } from '@casillero/shared';
import { DecimalInput } from './DecimalInput';
import { centsAsDollars, UsdCentsInput } from './UsdCentsInput';
import { optionalValue } from './fields';

type Field =
  | 'carrier'
  | 'estadoTracking'
  | 'quantityItems'
  | 'amountSpentUsdCents'
  | 'estimatedWeight'
  | 'estimatedValueUsdCents';
type InputProps = (field: Field) => GetInputPropsReturnType;

/** The figures asked about before saving when far from the usual (usePlausibleConfirm). */
export const prealertFigureChecks = (values: {
  amountSpentUsdCents: unknown;
  estimatedWeight: unknown;
  estimatedValueUsdCents: unknown;
}): PlausibilityCheck[] => [
  { kind: 'amountUsd', value: centsAsDollars(values.amountSpentUsdCents) },
  { kind: 'weightKg', value: values.estimatedWeight },
  { kind: 'amountUsd', value: centsAsDollars(values.estimatedValueUsdCents) },
];

export function CarrierSelect({ inputProps }: { inputProps: InputProps }) {
  return (
    <Select
      label="Empresa de envío"
      placeholder="Selecciona"
      data={PREALERT_CARRIERS as unknown as string[]}
      clearable
      {...optionalValue(inputProps('carrier'))}
    />
  );
}

export function EstadoTrackingSelect({ inputProps }: { inputProps: InputProps }) {
  return (
    <Select
      label="Estado del tracking"
      data={ESTADOS_TRACKING_PREALERTA as unknown as string[]}
      allowDeselect={false}
      {...inputProps('estadoTracking')}
    />
  );
}

/** Items, amount spent, estimated weight and value. */
export function PrealertFigures({
  inputProps,
  amountLabel,
  cols,
}: {
  inputProps: InputProps;
  amountLabel: string;
  cols: SimpleGridProps['cols'];
}) {
  return (
    <SimpleGrid cols={cols} spacing="sm">
      <DecimalInput kind="count" label="Artículos" required inputMode="numeric" {...inputProps('quantityItems')} />
      <UsdCentsInput label={amountLabel} {...inputProps('amountSpentUsdCents')} />
      <DecimalInput kind="weightKg" label="Peso estimado (kg)" {...inputProps('estimatedWeight')} />
      <UsdCentsInput label="Valor estimado (USD)" {...inputProps('estimatedValueUsdCents')} />
    </SimpleGrid>
  );
}
