import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** A password input with a Spanish, accessible show/hide toggle. */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      autoComplete="current-password"
      visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar' }}
      {...props}
    />
  );
}
