// Field helpers for Mantine inputs bound with `form.getInputProps(...)`: the value a number
// input hands back, and the select of a Venezuelan state.
import { Select, type SelectProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { VENEZUELAN_STATES } from '@casillero/shared';

/** An optional number: NumberInput gives '' for an empty field and a string while typing a partial number. */
export const numberOrEmpty = (v: string | number): number | '' => (v === '' || Number.isNaN(Number(v)) ? '' : Number(v));

/** A field's input props with the NumberInput's value turned by `toValue` before it is stored. */
export function numberInput(props: GetInputPropsReturnType, toValue: (v: string | number) => unknown = numberOrEmpty) {
  return { ...props, onChange: (v: string | number) => props.onChange(toValue(v)) };
}

/** An optional choice's input props (a select, a date): the form keeps '' for none, the input gets null. */
export function optionalValue(props: GetInputPropsReturnType) {
  return { ...props, value: props.value || null, onChange: (v: string | null) => props.onChange(v ?? '') };
}

/** One of Venezuela's states, searched by name. */
export function VenezuelanStateSelect({ inputProps, ...props }: { inputProps: GetInputPropsReturnType } & Omit<SelectProps, 'data'>) {
  return (
    <Select
      label="Estado"
      placeholder="Selecciona un estado"
      data={VENEZUELAN_STATES as unknown as string[]}
      searchable
      clearable
      {...props}
      {...optionalValue(inputProps)}
    />
  );
}
