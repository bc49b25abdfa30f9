import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { z, emailSchema } from '@casillero/shared';
import { getErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

const resendSchema = z.object({ email: emailSchema });

/** Asks for a new e-mail confirmation link. */
export function ResendVerification({ initialEmail = '' }: { initialEmail?: string }) {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const resend = useMutation(trpc.auth.resendVerification.mutationOptions());
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail },
    validate: schemaResolver(resendSchema, { sync: true }),
    onValuesChange: () => resend.reset(),
  });

  if (sentMessage) {
    return (
      <Alert color="green" title="Enlace enviado">
        {sentMessage}
      </Alert>
    );
  }

  return (
    <form
      noValidate
      method="dialog"
      onSubmit={form.onSubmit(async ({ email }) => {
        try {
          const result = await resend.mutateAsync({ email });
          setSentMessage(result.message);
        } catch {
          // Shown below from the mutation's state.
        }
      })}
    >
      <Stack gap="xs">
        <Text size="sm">¿No recibiste el correo de confirmación? Te enviamos uno nuevo.</Text>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            type="email"
            label="Correo para reenviar la confirmación"
            placeholder="tu@email.com"
            autoComplete="email"
            flex={1}
            {...form.getInputProps('email')}
          />
          <Button type="submit" variant="light" mt={24} loading={form.submitting}>
            Reenviar
          </Button>
        </Group>
        {resend.error && (
          <Alert color="red" role="alert">
            {getErrorMessage(resend.error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
