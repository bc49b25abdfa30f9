// The one number field of the product (docs/decisions/005). A text field, not
// Mantine's NumberInput: that one (react-number-format) strips whatever is not a digit or its own
// decimal separator from text that arrives in one go, so a pasted or autofilled "2,5" became 25.
// Here the whole text is read by the shared parseDecimal however it arrives (typed, pasted,
// filled by a browser, a scale or an Android keyboard), and once the field is left it shows the
// value as Venezuelans write it.
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { formatNumberField, readNumberField, type NumberKind } from '@casillero/shared';

/**
 * What a number field hands its form: the number, `emptyValue` when empty, or the text itself
 * when it cannot be read, which no number schema accepts (so nothing is saved).
 */
export type DecimalValue = number | string;

export type DecimalInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> & {
  kind: NumberKind;
  value?: DecimalValue | null;
  onChange?: (value: DecimalValue) => void;
  /** What an empty field hands the form: '' (absent) by default, 0 where the form means "none" by 0. */
  emptyValue?: '' | 0;
  /** The form keeps the text (read again by its schema) instead of a number: rates, exact to 8 decimals. */
  keepsText?: boolean;
  /** Money shows its sign once the field is left, as people write it: `$38,50`, `Bs. 6.560,00`. */
  withSign?: boolean;
};

export function DecimalInput({
  kind,
  value,
  onChange,
  emptyValue = '',
  keepsText = false,
  withSign = false,
  error,
  onBlur,
  ...props
}: DecimalInputProps) {
  const shown = (v: DecimalValue | null | undefined) =>
    typeof v === 'number' ? formatNumberField(kind, v, { withSign }) : (v ?? '');
  const [text, setText] = useState(() => shown(value));
  // A refusal is shown once the field is left (or the form complains), not while typing "1.".
  const [isLeft, setIsLeft] = useState(false);
  const handedOver = useRef(value);

  // A value set from outside (loaded, reset, cleared after saving) replaces the text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value from outside replaces the text; `shown` is rebuilt each render from the same kind
  useEffect(() => {
    if (Object.is(value, handedOver.current)) return;
    handedOver.current = value;
    setText(shown(value));
    setIsLeft(false);
  }, [value]);

  const reading = readNumberField(kind, text);
  const refusal = reading.status === 'refused' ? reading.message : null;

  const handOver = (next: DecimalValue) => {
    handedOver.current = next;
    onChange?.(next);
  };

  const change = (next: string) => {
    setText(next);
    setIsLeft(false);
    const read = readNumberField(kind, next);
    if (keepsText) handOver(read.status === 'empty' ? '' : next);
    else handOver(read.status === 'number' ? read.value : read.status === 'empty' ? emptyValue : next);
  };

  const leave = (event: FocusEvent<HTMLInputElement>) => {
    setIsLeft(true);
    if (reading.status === 'number') {
      const written = formatNumberField(kind, reading.value, { withSign });
      // Rewritten only when it reads back exactly (a rate's last decimals never change).
      const readBack = readNumberField(kind, written);
      if (written !== text && readBack.status === 'number' && readBack.digits === reading.digits) {
        setText(written);
        if (keepsText) handOver(written);
      }
    }
    onBlur?.(event);
  };

  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...props}
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      onBlur={leave}
      error={refusal && (isLeft || error) ? refusal : error}
    />
  );
}
