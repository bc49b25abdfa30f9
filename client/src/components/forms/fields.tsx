// Field helpers for Mantine inputs bound with `form.getInputProps(...)` or to React state: optional
// choices, a text kept in state, the select of a Venezuelan state and the box for a longer text.
// Number fields are DecimalInput.
import type { ChangeEvent } from 'react';
import { Select, Textarea, type SelectProps, type TextareaProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { VENEZUELAN_STATES } from '@casillero/shared';

/** An optional choice's input props (a select, a date): the form keeps '' for none, the input gets null. */
export function optionalValue(props: GetInputPropsReturnType) {
  return { ...props, value: props.value || null, onChange: (v: string | null) => props.onChange(v ?? '') };
}

/** A text input bound to a value kept in state: its value and its change, as `form.getInputProps` gives them. */
export const textBinding = (value: string, onChange: (value: string) => void) => ({
  value,
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.currentTarget.value),
});

/** One of Venezuela's states, searched by name. */
export function VenezuelanStateSelect({
  inputProps,
  ...props
}: { inputProps: GetInputPropsReturnType } & Omit<SelectProps, 'data'>) {
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

/** A longer text (a note, a reason, a description): the box grows with it, from two lines unless told. */
export function GrowingTextarea(props: TextareaProps) {
  return <Textarea autosize minRows={2} {...props} />;
}
