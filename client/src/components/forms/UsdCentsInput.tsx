// A money field of a form that holds integer cents (docs/decisions/005): people type and read
// dollars ("2,5", "$38,50"), the form and the API carry cents. The one conversion is here.
import { dollarsToCents, fromCents } from '@casillero/shared';
import { DecimalInput, type DecimalInputProps, type DecimalValue } from './DecimalInput';

export type UsdCentsInputProps = Omit<DecimalInputProps, 'kind' | 'keepsText'>;

/** Dollars shown, cents handed over; text that cannot be read is handed over as it is (refused by the schema). */
export function UsdCentsInput({ value, onChange, ...props }: UsdCentsInputProps) {
  const dollars = typeof value === 'number' ? fromCents(value) : value;
  const change = (next: DecimalValue) => onChange?.(typeof next === 'number' ? dollarsToCents(next) : next);
  return <DecimalInput kind="amountUsd" value={dollars} onChange={change} {...props} />;
}

/** A cents value of a form as the plausibility check reads it: dollars, or the text as typed. */
export const centsAsDollars = <T,>(value: T) => (typeof value === 'number' ? fromCents(value) : value);
