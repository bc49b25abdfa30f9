// /aliado (docs/product/allies.md): an ally's portal, its own layout; only an ally's login opens
// it. One route, its sections by ?vista= (the home page's first script carries every route).
import { createFileRoute } from '@tanstack/react-router';
import { requireUser } from '../lib/guards';
import { pageHead } from '../lib/site';
import { InvalidSession } from '../components/layout/InvalidSession';
import { PageLoader } from '../components/layout/PageLoader';
import { AllyLayout } from './aliado/-components/AllyLayout';

export const Route = createFileRoute('/aliado')({
  validateSearch: (s: Record<string, unknown>): { vista?: string } =>
    typeof s.vista === 'string' ? { vista: s.vista.slice(0, 20) } : {},
  beforeLoad: async ({ context, location }) => ({ user: await requireUser(context, location.href) }),
  head: pageHead('Portal de aliado'),
  pendingComponent: () => <PageLoader message="Verificando autenticación..." />,
  errorComponent: InvalidSession,
  component: AllyLayout,
});
