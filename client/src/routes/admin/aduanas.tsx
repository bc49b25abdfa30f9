// /admin/aduanas (docs/product/customs.md): the customs duties of the courier regime, as versions
// with their source, the administrator's.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CUSTOMS_MESSAGES as M, can } from '@casillero/shared';
import { AdminPage } from '../../components/data-table';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { CUSTOMS_VERSIONS } from './-components/customs/CustomsVersions';
import { NewCustomsVersion } from './-components/customs/NewCustomsVersion';
import { VersionsScreen } from './-components/versions/VersionsScreen';

// The title as a literal: the route's head and loader stay in the first script, and
// CUSTOMS_MESSAGES would bring every customs text into it (the home page's budget).
const TITLE = 'Aduanas';

export const Route = createFileRoute('/admin/aduanas')({
  head: pageHead(TITLE),
  loader: ({ context }) =>
    can(context.user.role, 'customs.manage')
      ? context.queryClient.prefetchQuery(context.trpc.customs.versions.queryOptions())
      : undefined,
  component: CustomsPage,
});

function CustomsPage() {
  const query = useQuery(trpc.customs.versions.queryOptions());
  return (
    <AdminPage title={TITLE} subtitle={M.pageDescription}>
      <VersionsScreen
        kind={CUSTOMS_VERSIONS}
        query={query}
        versionsKey={trpc.customs.versions.queryKey()}
        cancel={trpc.customs.cancel.mutationOptions()}
        form={(current) => <NewCustomsVersion key={current.id} from={current} />}
      />
    </AdminPage>
  );
}
