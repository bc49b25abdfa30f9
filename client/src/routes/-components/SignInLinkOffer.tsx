import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { AUTH_MESSAGES, emailSchema } from '@casillero/shared';
import { getErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/**
 * "Te enviamos un enlace para entrar": a sign-in link to the e-mail typed above, offered when the
 * password cannot get this device in (too many failed attempts on the account from strangers).
 */
export function SignInLinkOffer({ email }: { email: string }) {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const request = useMutation(trpc.auth.requestSignInLink.mutationOptions());

  if (sentMessage) {
    return (
      <Alert color="green" title="Enlace enviado" role="status">
        {sentMessage}
      </Alert>
    );
  }

  const send = async () => {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailProblem(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.invalidEmail);
      return;
    }
    setEmailProblem(null);
    try {
      setSentMessage((await request.mutateAsync({ email: parsed.data })).message);
    } catch {
      // Shown below from the mutation's state.
    }
  };

  return (
    <Stack gap="xs">
      <Text size="sm">{AUTH_MESSAGES.signInLinkOffer}</Text>
      <Button variant="light" onClick={send} loading={request.isPending}>
        {AUTH_MESSAGES.signInLinkAction}
      </Button>
      {(emailProblem || request.error) && (
        <Alert color="red" role="alert">
          {emailProblem ?? getErrorMessage(request.error)}
        </Alert>
      )}
    </Stack>
  );
}
