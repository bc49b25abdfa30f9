// The product's forms are controlled and checked against the same schema the server applies
// (from @casillero/shared), so a field's error reads the same on both sides.
import { useState } from 'react';
import { schemaResolver, useForm, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { notifyError, notifySuccess } from '../../lib/notify';

type Schema = Parameters<typeof schemaResolver>[0];
type Options<V> = Omit<UseFormInput<V>, 'mode' | 'initialValues' | 'validate'>;

/** A controlled form over `initialValues`, validated by `schema` on submit. */
export function useSchemaForm<V extends Record<string, unknown>>(
  schema: Schema,
  initialValues: V,
  options: Options<V> = {},
) {
  return useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    ...options,
  });
}

/**
 * A form's submit whose refusal stays on the form: `action` runs with the checked values and,
 * when it throws, `failure` turns the error into the text shown above the buttons (cleared at
 * the next attempt). `confirm`, when given, is asked first (an implausible value); false saves
 * nothing.
 */
export function useSubmitAction<V>(
  form: UseFormReturnType<V>,
  action: (values: V) => Promise<void>,
  failure: (error: unknown) => string,
  confirm?: (values: V) => Promise<boolean>,
) {
  const [error, setError] = useState<string | null>(null);
  const submit = form.onSubmit(async (values) => {
    setError(null);
    if (confirm && !(await confirm(values))) return;
    try {
      await action(values);
    } catch (caught) {
      setError(failure(caught));
    }
  });
  return { submit, error };
}

export type DialogSubmitOptions = {
  /** Marks stale what the change touched. */
  invalidate: () => Promise<unknown>;
  /** Closes the dialog. */
  onClose: () => void;
  /** The refusal's text, shown above the buttons. */
  failure: (error: unknown) => string;
};

/** A dialog's submit options, and what is asked before the change (see useSubmitAction). */
export type DialogSubmitConfirm<V> = DialogSubmitOptions & { confirm?: (values: V) => Promise<boolean> };

/**
 * The submit of a dialog that changes something: `run` makes the change and returns the toast's
 * title and message; then the stale queries refresh and the dialog closes.
 */
export function useDialogSubmit<V>(
  form: UseFormReturnType<V>,
  { invalidate, onClose, failure, confirm }: DialogSubmitConfirm<V>,
  run: (values: V) => Promise<[title: string, message: string]>,
) {
  const done = async (values: V) => {
    notifySuccess(...(await run(values)));
    await invalidate();
    onClose();
  };
  return useSubmitAction(form, done, failure, confirm);
}

/**
 * A confirmed action (delete, remove): `confirm(variables)` sends the mutation, toasts what
 * `done` makes of its result and closes the dialog; a refusal is a red toast. Either way the
 * stale queries refresh, since a refusal often means the row changed meanwhile.
 */
export function useConfirmedMutation<TData, TError, TVariables, TContext>(
  mutationOptions: UseMutationOptions<TData, TError, TVariables, TContext>,
  { invalidate, onClose, failure }: DialogSubmitOptions,
  done: (result: TData) => [title: string, message: string],
) {
  const mutation = useMutation(mutationOptions);
  const confirm = async (variables: TVariables) => {
    try {
      notifySuccess(...done(await mutation.mutateAsync(variables)));
      await invalidate();
      onClose();
    } catch (error) {
      notifyError(failure(error));
      await invalidate();
    }
  };
  return { confirm, isPending: mutation.isPending };
}
