// /aliado (docs/product/allies.md): an ally's portal, its own layout; only an ally's login opens it.
import { createFileRoute } from '@tanstack/react-router';
import { requireUser } from '../lib/guards';
import { pageHead } from '../lib/site';
import { InvalidSession } from '../components/layout/InvalidSession';
import { PageLoader } from '../components/layout/PageLoader';
import { AllyLayout } from './aliado/-components/AllyLayout';

export const Route = createFileRoute('/aliado')({
  beforeLoad: async ({ context, location }) => ({ user: await requireUser(context, location.href) }),
  head: pageHead('Portal de aliado'),
  pendingComponent: () => <PageLoader message="Verificando autenticación..." />,
  errorComponent: InvalidSession,
  component: AllyLayout,
});
