import { createFileRoute, Outlet } from '@tanstack/react-router';
import { USER_ROLES } from '@casillero/shared';
import { AreaShell } from '../components/layout/AreaShell';
import { PageLoader } from '../components/layout/PageLoader';
import { isSigningOutHere, useMe } from '../lib/auth';
import { requireUser } from '../lib/guards';
import { useLiveUpdates } from '../lib/live-updates';
import { pageHead } from '../lib/site';
import { InvalidSession } from '../components/layout/InvalidSession';
import { DashboardNav, DashboardNavFooter } from './dashboard/-components/nav';
import { UnknownRole } from './dashboard/-components/UnknownRole';
import { NotificationBell } from './dashboard/-components/NotificationBell';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: async ({ context, location }) => {
    const user = await requireUser(context, location.href);
    return { user };
  },
  head: pageHead('Mi Cuenta'),
  pendingComponent: () => <PageLoader message="Verificando autenticación..." />,
  errorComponent: InvalidSession,
  component: DashboardLayout,
});

function DashboardLayout() {
  const me = useMe();
  const user = me.data?.user;
  // The bell, Mis Trackings and Almacén follow changes as they happen (docs/product/messages-and-notifications.md#live-updates).
  useLiveUpdates(Boolean(user));

  if (!user) {
    // While me loads, or for an instant while signing out here: the page is about to change.
    if (me.isPending || isSigningOutHere(me)) return <PageLoader message="Verificando autenticación..." />;
    // The session ended elsewhere (signed out on another device, expired) or cannot be checked.
    return <InvalidSession error={me.error} />;
  }

  if (!(USER_ROLES as readonly string[]).includes(user.role)) return <UnknownRole role={user.role} />;

  return (
    <AreaShell
      navTitle="Mi Cuenta"
      nav={<DashboardNav />}
      navFooter={<DashboardNavFooter />}
      userName={user.fullName}
      headerActions={<NotificationBell />}
    >
      <Outlet />
    </AreaShell>
  );
}
