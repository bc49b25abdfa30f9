import { Button, Group, Stack } from '@mantine/core';
import { IconLogin, IconLogout, IconUser, IconUserPlus } from '@tabler/icons-react';
import { useMe, useSignOut } from '../../lib/auth';
import { ButtonLink } from '../links';

/**
 * Sign-in state in the header and the drawer: account links for a signed-in visitor, sign-in
 * links otherwise. While the session is still being asked for, the sign-in links show: that is
 * what the prerendered pages carry, so the first render in the browser matches their HTML.
 */
export function AuthActions({ vertical = false }: { vertical?: boolean }) {
  const me = useMe();
  const { signOut, isSigningOut } = useSignOut();
  const Wrapper = vertical ? Stack : Group;

  if (me.data?.user) {
    return (
      <Wrapper gap="sm">
        <ButtonLink to="/dashboard" variant="light" leftSection={<IconUser size={16} />}>
          Mi Cuenta
        </ButtonLink>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLogout size={16} />}
          loading={isSigningOut}
          onClick={() => void signOut()}
        >
          Salir
        </Button>
      </Wrapper>
    );
  }
  return (
    <Wrapper gap="sm">
      <ButtonLink to="/login" variant="default" leftSection={<IconLogin size={16} />}>
        Iniciar Sesión
      </ButtonLink>
      <ButtonLink to="/registro" search={{ type: 'usa' }} leftSection={<IconUserPlus size={16} />}>
        Registrarse
      </ButtonLink>
    </Wrapper>
  );
}
