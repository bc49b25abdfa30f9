import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AreaShell } from '../components/layout/AreaShell';
import { PageLoader } from '../components/layout/PageLoader';
import { isSigningOutHere, useMe } from '../lib/auth';
import { requireUser } from '../lib/guards';
import { BRAND_NAME } from '../lib/site';
import { AccessDenied } from './admin/-components/AccessDenied';
import { AdminNav, AdminNavFooter } from './admin/-components/nav';
import { InvalidSession } from '../components/layout/InvalidSession';

export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context, location }) => {
    const user = await requireUser(context, location.href);
    return { user };
  },
  head: () => ({ meta: [{ title: `Panel Admin · ${BRAND_NAME}` }] }),
  pendingComponent: () => <PageLoader title="Verificando Permisos" message="Validando acceso administrativo..." />,
  errorComponent: InvalidSession,
  component: AdminLayout,
});

function AdminLayout() {
  const me = useMe();
  const user = me.data?.user;

  if (!user) {
    // While me loads, or for an instant while signing out here: the page is about to change.
    if (me.isPending || isSigningOutHere(me)) {
      return <PageLoader title="Verificando Permisos" message="Validando acceso administrativo..." />;
    }
    // The session ended elsewhere (signed out on another device, expired) or cannot be checked.
    return <InvalidSession error={me.error} />;
  }
  // Every admin procedure checks the role on the server too; this screen only explains.
  if (user.role !== 'admin') return <AccessDenied user={user} />;

  return (
    <AreaShell navTitle="Panel Admin" nav={<AdminNav />} navFooter={<AdminNavFooter />} userName={user.fullName}>
      <Outlet />
    </AreaShell>
  );
}
