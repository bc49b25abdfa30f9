// The reason a billing correction carries (a ledger adjustment or refund, a credit or debit note):
// required, a few lines, at most 300 characters, as the server keeps it.
import { Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

export function ReasonField({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  return <Textarea label="Motivo" required autosize minRows={2} maxRows={4} maxLength={300} {...inputProps} />;
}
