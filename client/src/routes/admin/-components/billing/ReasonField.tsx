import type { GetInputPropsReturnType } from '@mantine/form';
import { GrowingTextarea } from '../../../../components/forms/fields';

export function ReasonField({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  return <GrowingTextarea label="Motivo" required maxRows={4} maxLength={300} {...inputProps} />;
}
