import { useEffect } from 'react';
import {
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  Loader,
  Menu,
  NavLink,
  Stack,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCalculator,
  IconChevronDown,
  IconHelpCircle,
  IconHome,
  IconLogin,
  IconLogout,
  IconSchool,
  IconTruckDelivery,
  IconUser,
  IconUserPlus,
} from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { useMe, useSignOut } from '../../lib/auth';
import { PLANNED_PAGES } from '../../lib/site';
import { ButtonLink, NavLinkLink } from '../links';
import { Brand } from './Brand';
import classes from './PublicHeader.module.css';

const SERVICE_ITEMS = [
  { label: 'Servicios', href: PLANNED_PAGES.servicios, icon: IconTruckDelivery },
  { label: 'Cursos', href: PLANNED_PAGES.cursos, icon: IconSchool },
  { label: 'Calculadora USA', href: PLANNED_PAGES.cotizar, icon: IconCalculator },
  { label: 'Calculadora China', href: PLANNED_PAGES.cotizarChina, icon: IconCalculator },
] as const;

/** Sign-in state on the right of the header: spinner, account links or sign-in links. */
function AuthActions({ vertical = false }: { vertical?: boolean }) {
  const me = useMe();
  const { signOut, isSigningOut } = useSignOut();
  const Wrapper = vertical ? Stack : Group;

  if (me.isPending) {
    return <Loader size="sm" aria-label="Cargando sesión" />;
  }
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

export function PublicHeader() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // The drawer closes whenever the page changes.
  useEffect(() => {
    drawer.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <Brand />

          <Group gap={4} visibleFrom="md" component="nav" aria-label="Navegación principal">
            <ButtonLink to="/" variant="subtle" color="dark" activeOptions={{ exact: true }}>
              Inicio
            </ButtonLink>
            <Menu trigger="click-hover" openDelay={50} closeDelay={150} position="bottom-start" withinPortal>
              <Menu.Target>
                <Button variant="subtle" color="dark" rightSection={<IconChevronDown size={14} />}>
                  Servicios
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {SERVICE_ITEMS.map((item) => (
                  <Menu.Item
                    key={item.href}
                    component="a"
                    href={item.href}
                    leftSection={<item.icon size={16} />}
                  >
                    {item.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Button component="a" href={PLANNED_PAGES.contacto} variant="subtle" color="dark">
              Preguntas Frecuentes
            </Button>
          </Group>

          <Group visibleFrom="md">
            <AuthActions />
          </Group>

          <Burger
            opened={drawerOpened}
            onClick={drawer.toggle}
            hiddenFrom="md"
            aria-label={drawerOpened ? 'Cerrar menú' : 'Abrir menú'}
          />
        </Group>
      </Container>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        position="right"
        size="xs"
        title="Menú"
        hiddenFrom="md"
        closeButtonProps={{ 'aria-label': 'Cerrar menú' }}
      >
        <Stack gap={4} component="nav" aria-label="Navegación móvil">
          <NavLinkLink
            to="/"
            label="Inicio"
            leftSection={<IconHome size={18} />}
            activeOptions={{ exact: true }}
            onClick={drawer.close}
          />
          <NavLink label="Servicios" leftSection={<IconTruckDelivery size={18} />} defaultOpened>
            {SERVICE_ITEMS.map((item) => (
              <NavLink
                key={item.href}
                component="a"
                href={item.href}
                label={item.label}
                leftSection={<item.icon size={16} />}
              />
            ))}
          </NavLink>
          <NavLink
            component="a"
            href={PLANNED_PAGES.contacto}
            label="Preguntas Frecuentes"
            leftSection={<IconHelpCircle size={18} />}
          />
          <Divider my="sm" />
          <AuthActions vertical />
        </Stack>
      </Drawer>
    </Box>
  );
}
