// The sign-in, sign-up, password and invitation forms all work the same way: a controlled
// form checked by a shared zod schema, sent to one tRPC mutation, and the server's refusal of
// the last attempt shown above the submit button until the user types again.
import { useState } from 'react';
import type { schemaResolver } from '@mantine/form';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { getErrorMessage } from '../../lib/errors';
import { useSchemaForm } from './useSchemaForm';

type MutationFormOptions<Values> = {
  initialValues: Values;
  schema: Parameters<typeof schemaResolver>[0];
  /** Check a field as soon as it loses focus, not only on submit. */
  validateInputOnBlur?: boolean;
  /** The refusal's text when the server gives none. */
  fallback?: string;
};

export function useMutationForm<Values extends Record<string, unknown>, TData, TError, TVariables, TContext>(
  mutationOptions: UseMutationOptions<TData, TError, TVariables, TContext>,
  { initialValues, schema, validateInputOnBlur, fallback }: MutationFormOptions<Values>,
) {
  const mutation = useMutation(mutationOptions);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm(schema, initialValues, {
    validateInputOnBlur,
    // Typing again clears the server's complaint.
    onValuesChange: () => setServerError(null),
  });

  /** Sends the mutation: its result, or undefined once its refusal is shown as `serverError`. */
  const send = async (variables: TVariables): Promise<TData | undefined> => {
    setServerError(null);
    try {
      return await mutation.mutateAsync(variables);
    } catch (error) {
      setServerError(getErrorMessage(error, fallback));
      return undefined;
    }
  };

  return { form, mutation, send, serverError, setServerError };
}
