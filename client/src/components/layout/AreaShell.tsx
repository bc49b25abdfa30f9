// The Mantine styles only the signed-in areas use (tables, date pickers, …): they load with
// this chunk, never on a public page.
import '../../styles/mantine-area';
import { useEffect, type ReactNode } from 'react';
import { ActionIcon, Alert, AppShell, Burger, Button, Group, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconWifiOff } from '@tabler/icons-react';
import { OFFLINE_MESSAGES } from '@casillero/shared';
import { useRouterState } from '@tanstack/react-router';
import { useSignOut } from '../../lib/auth';
import { OnceNeeded } from '../../lib/lazy-parts';
import { useOnline } from '../../lib/online';
import { useIsPhone } from '../../lib/screen';
import { Brand } from './Brand';

type AreaShellProps = {
  /** Heading of the side navigation ('Panel Admin', 'Mi Cuenta'). */
  navTitle: string;
  nav: ReactNode;
  navFooter?: ReactNode;
  userName: string;
  /** Extra header controls before the user's name (the client area's notification bell). */
  headerActions?: ReactNode;
  children: ReactNode;
};

/**
 * The signed-in areas' layout: header with the user and sign-out, a side navigation that
 * collapses on desktop and becomes a burger menu on phones.
 */
export function AreaShell({ navTitle, nav, navFooter, userName, headerActions, children }: AreaShellProps) {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const { signOut, isSigningOut } = useSignOut();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // On a phone the navigation waits off-screen behind the burger: its links, a third of a
  // signed-in page's elements, are rendered the first time it opens (or the screen widens),
  // so the page's own content comes first on a phone's CPU. Once rendered they stay.
  const isPhone = useIsPhone();
  const online = useOnline();
  const navNeeded = mobileOpened || !isPhone;
  // Both toggles say what they will do to the navigation ('Abrir Mi Cuenta', 'Ocultar Mi Cuenta').
  const burgerProps = (opened: boolean, onClick: () => void, [closeVerb, openVerb]: [string, string]) => ({
    opened,
    onClick,
    size: 'sm',
    'aria-label': `${opened ? closeVerb : openVerb} ${navTitle}`,
  });
  const signOutAction = {
    loading: isSigningOut,
    onClick: () => void signOut(),
  };

  // On phones the menu closes once a page is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the phone menu whenever the route changes
  useEffect(() => {
    mobile.close();
  }, [pathname]);

  return (
    // Date pickers are used only in the signed-in areas: their locale is set here, not at the root.
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <AppShell
        header={{ height: 60 }}
        navbar={{
          width: 260,
          breakpoint: 'sm',
          collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
        }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger hiddenFrom="sm" {...burgerProps(mobileOpened, mobile.toggle, ['Cerrar', 'Abrir'])} />
              {/* The browser's own hint rather than a Mantine Tooltip: every signed-in page renders
                  this header first, and on a phone's CPU the tooltip's positioning cost ~25 ms. */}
              <Burger
                visibleFrom="sm"
                title={desktopOpened ? 'Ocultar menú' : 'Mostrar menú'}
                {...burgerProps(desktopOpened, desktop.toggle, ['Ocultar', 'Mostrar'])}
              />
              <Brand />
            </Group>
            <Group gap="sm" wrap="nowrap">
              {headerActions}
              <Text fw={600} visibleFrom="xs" truncate maw={220}>
                {userName}
              </Text>
              <Button variant="default" leftSection={<IconLogout size={16} />} visibleFrom="sm" {...signOutAction}>
                Cerrar sesión
              </Button>
              {/* Phones: the same action as an icon, so the header fits. */}
              <ActionIcon variant="default" size="lg" hiddenFrom="sm" aria-label="Cerrar sesión" {...signOutAction}>
                <IconLogout size={18} />
              </ActionIcon>
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar
          p="md"
          aria-label={navTitle}
          // A link to the page already open changes no route: the phone menu closes all the same.
          onClick={(e) => {
            if ((e.target as HTMLElement).closest('a')) mobile.close();
          }}
        >
          <AppShell.Section mb="sm">
            <Text tt="uppercase" fw={700} size="xs" c="dimmed">
              {navTitle}
            </Text>
          </AppShell.Section>
          {/* The page's own scrolling, not Mantine's ScrollArea: native momentum on a phone, and
              one component (and file) less in every signed-in page's first render. */}
          {/* The navbar is the area's one navigation landmark, named navTitle: a second one inside it
              with the same name is a landmark a screen reader lists twice. */}
          <AppShell.Section grow style={{ overflowY: 'auto' }}>
            <OnceNeeded when={navNeeded}>{nav}</OnceNeeded>
          </AppShell.Section>
          {navFooter && (
            <OnceNeeded when={navNeeded}>
              <AppShell.Section pt="sm">{navFooter}</AppShell.Section>
            </OnceNeeded>
          )}
        </AppShell.Navbar>

        <AppShell.Main bg="var(--mantine-color-gray-0)">
          {/* Offline, the page keeps what it loaded last, and says it may not be current. */}
          {!online && (
            <Alert role="status" color="yellow" icon={<IconWifiOff size={18} />} mb="md">
              {OFFLINE_MESSAGES.staleBanner}
            </Alert>
          )}
          {children}
        </AppShell.Main>
      </AppShell>
    </DatesProvider>
  );
}
