import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRouterState } from '@tanstack/react-router';
import { ButtonLink } from '../links';
import { AuthActions } from '../public/AuthActions';
import { DropdownLink } from '../public/DropdownLink';
import { NavDropdown } from '../public/NavDropdown';
import { SERVICE_ITEMS } from '../public/nav-items';
import { Brand } from './Brand';
import classes from './PublicHeader.module.css';

const MobileNav = lazy(() => import('../public/MobileNav'));

export function PublicHeader() {
  const [drawerOpened, drawer] = useDisclosure(false);
  // The drawer's code loads on the first open and then stays, so it can animate closed.
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // The drawer closes whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the drawer whenever the route changes
  useEffect(() => {
    drawer.close();
  }, [pathname]);

  const toggleDrawer = () => {
    setDrawerLoaded(true);
    drawer.toggle();
  };

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <Brand />

          <Group gap={4} visibleFrom="md" component="nav" aria-label="Navegación principal">
            <ButtonLink to="/" variant="subtle" color="dark" activeOptions={{ exact: true }}>
              Inicio
            </ButtonLink>
            <NavDropdown label="Servicios" openOnHover buttonProps={{ variant: 'subtle', color: 'dark' }}>
              {SERVICE_ITEMS.map((item) => (
                <DropdownLink key={item.to} to={item.to}>
                  <item.icon size={16} aria-hidden />
                  {item.label}
                </DropdownLink>
              ))}
            </NavDropdown>
            <ButtonLink to="/contacto" variant="subtle" color="dark">
              Preguntas Frecuentes
            </ButtonLink>
          </Group>

          <Group visibleFrom="md">
            <AuthActions />
          </Group>

          <Burger
            opened={drawerOpened}
            onClick={toggleDrawer}
            hiddenFrom="md"
            aria-label={drawerOpened ? 'Cerrar menú' : 'Abrir menú'}
            aria-expanded={drawerOpened}
          />
        </Group>
      </Container>

      {drawerLoaded && (
        <Suspense fallback={null}>
          <MobileNav opened={drawerOpened} onClose={drawer.close} />
        </Suspense>
      )}
    </Box>
  );
}
