import { Alert, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { createFileRoute, Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { STAFF_ROLE_LABELS, can, isStaffRole, type StaffRole } from '@casillero/shared';
import { AreaShell } from '../components/layout/AreaShell';
import { PageLoader } from '../components/layout/PageLoader';
import { isSigningOutHere, useMe } from '../lib/auth';
import { requireUser } from '../lib/guards';
import { pageHead } from '../lib/site';
import { AccessDenied } from './admin/-components/AccessDenied';
import { AdminNav, AdminNavFooter, navItemForPath } from './admin/-components/nav';
import { InvalidSession } from '../components/layout/InvalidSession';

export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context, location }) => {
    const user = await requireUser(context, location.href);
    return { user };
  },
  head: pageHead('Panel Admin'),
  pendingComponent: () => <PageLoader title="Verificando Permisos" message="Validando acceso administrativo..." />,
  errorComponent: InvalidSession,
  component: AdminLayout,
});

function AdminLayout() {
  const me = useMe();
  const user = me.data?.user;
  const pathname = useLocation({ select: (l) => l.pathname });

  if (!user) {
    // While me loads, or for an instant while signing out here: the page is about to change.
    if (me.isPending || isSigningOutHere(me)) {
      return <PageLoader title="Verificando Permisos" message="Validando acceso administrativo..." />;
    }
    // The session ended elsewhere (signed out on another device, expired) or cannot be checked.
    return <InvalidSession error={me.error} />;
  }
  // Every staff procedure checks the role's permission on the server too; these screens only explain.
  if (!isStaffRole(user.role)) return <AccessDenied user={user} />;
  // An ally's login has its own portal (docs/product/allies.md).
  if (user.role === 'aliado') return <Navigate to="/aliado" replace />;
  const screen = navItemForPath(pathname);

  return (
    <AreaShell
      navTitle="Panel Admin"
      nav={<AdminNav role={user.role} />}
      navFooter={<AdminNavFooter />}
      userName={user.fullName}
    >
      {screen?.permission && !can(user.role, screen.permission) ? (
        <ScreenDenied role={user.role} screenLabel={screen.label} />
      ) : (
        <Outlet />
      )}
    </AreaShell>
  );
}

/** A screen the role cannot use (its link is not in the menu, but an address can be typed). */
function ScreenDenied({ role, screenLabel }: { role: StaffRole; screenLabel: string }) {
  // The screen keeps its heading, as every page has one: a reader of the page (or a screen reader)
  // knows where they are before reading why it is closed to them.
  return (
    <Stack gap="md">
      <Title order={1}>{screenLabel}</Title>
      <Alert color="orange" icon={<IconLock />} title="Sin acceso a esta sección" role="alert">
        Tu rol ({STAFF_ROLE_LABELS[role]}) no permite usar esta sección. Elige otra en el menú o pide acceso a un
        administrador.
      </Alert>
    </Stack>
  );
}
