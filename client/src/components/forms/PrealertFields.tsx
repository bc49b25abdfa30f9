// The fields a pre-alert has both in the customer's form and in the admin's edit dialog.
import { NumberInput, Select, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { CARRIERS, ESTADOS_TRACKING_PREALERTA } from '@casillero/shared';
import { numberInput, optionalValue } from './fields';

type Field = 'carrier' | 'estadoTracking' | 'quantityItems' | 'amountSpent' | 'estimatedWeight' | 'estimatedValue';
type InputProps = (field: Field) => GetInputPropsReturnType;

/** At least one item, whole numbers only. */
const itemCount = (v: string | number) => (Number(v) >= 1 ? Math.trunc(Number(v)) : 1);
/** Numbers typed into a NumberInput: empty stays empty, anything else a number. */
const num = (v: string | number) => (v === '' ? '' : Number(v));

export function CarrierSelect({ inputProps }: { inputProps: InputProps }) {
  return (
    <Select label="Empresa de envío" placeholder="Selecciona" data={CARRIERS as unknown as string[]} clearable {...optionalValue(inputProps('carrier'))} />
  );
}

export function EstadoTrackingSelect({ inputProps }: { inputProps: InputProps }) {
  return (
    <Select label="Estado del tracking" data={ESTADOS_TRACKING_PREALERTA as unknown as string[]} allowDeselect={false} {...inputProps('estadoTracking')} />
  );
}

/** Items, amount spent, estimated weight and value. */
export function PrealertFigures({ inputProps, amountLabel, cols }: { inputProps: InputProps; amountLabel: string; cols: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid cols={cols} spacing="sm">
      <NumberInput label="Artículos" required min={1} step={1} allowDecimal={false} {...numberInput(inputProps('quantityItems'), itemCount)} />
      <NumberInput label={amountLabel} min={0} step={0.01} decimalScale={2} {...numberInput(inputProps('amountSpent'), num)} />
      <NumberInput label="Peso estimado (kg)" min={0.1} step={0.1} decimalScale={2} {...numberInput(inputProps('estimatedWeight'), num)} />
      <NumberInput label="Valor estimado (USD)" min={0} step={0.01} decimalScale={2} {...numberInput(inputProps('estimatedValue'), num)} />
    </SimpleGrid>
  );
}
