// Pieces the product's forms share: the server's refusal above the buttons, the e-mail field,
// the new-password field with the rule under it, the full-width submit of the sign-in pages,
// the right-aligned submit of the other forms, and the terms note under them.
import type { ComponentProps } from 'react';
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { PASSWORD_RULE_HINT } from '@casillero/shared';
import { AnchorLink } from '../links';
import { PasswordField } from '../PasswordField';

/** The server's refusal of the last attempt (nothing when there is none). */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle />} role="alert">
      {message}
    </Alert>
  );
}

type InputProps = Omit<ComponentProps<typeof TextInput>, 'type'>;

/** An e-mail field as every form asks it. */
export function EmailField(props: InputProps) {
  return <TextInput type="email" label="Email" placeholder="tu@email.com" autoComplete="email" required {...props} />;
}

/** A new password, with the rule (decision 006) under it. */
export function NewPasswordField(props: ComponentProps<typeof PasswordField>) {
  return <PasswordField description={PASSWORD_RULE_HINT} autoComplete="new-password" required {...props} />;
}

/** The confirmation of a new password. */
export function ConfirmPasswordField(props: ComponentProps<typeof PasswordField>) {
  return <PasswordField label="Confirmar contraseña" autoComplete="new-password" required {...props} />;
}

/** The sign-in pages' full-width submit: its text says what is happening while it works. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  disabled,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}) {
  return (
    <Button type="submit" fullWidth size="md" disabled={disabled ?? busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}

/** A form's submit on the right under its fields, spinning while the form is sent. */
export function SubmitRow({ label, busy, disabled }: { label: string; busy: boolean; disabled?: boolean }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={busy} disabled={disabled}>
        {label}
      </Button>
    </Group>
  );
}

/** 'Al … aceptas nuestros Términos de servicio y la Política de privacidad.' */
export function TermsNote({ action }: { action: string }) {
  return (
    <Text size="xs" c="dimmed" ta="center">
      {action} aceptas nuestros <AnchorLink to="/terms">Términos de servicio</AnchorLink> y la{' '}
      <AnchorLink to="/privacy">Política de privacidad</AnchorLink>.
    </Text>
  );
}
