// /admin/tarifas (docs/product/price-lists.md): the price list's versions, the administrator's.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@casillero/shared';
import { AdminPage } from '../../components/data-table';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { HonourDays } from './-components/prices/HonourDays';
import { NewPriceVersion } from './-components/prices/NewPriceVersion';
import { PRICE_VERSIONS } from './-components/prices/PriceVersions';
import { VersionsScreen } from './-components/versions/VersionsScreen';

const TITLE = 'Tarifas';

export const Route = createFileRoute('/admin/tarifas')({
  head: pageHead(TITLE),
  loader: ({ context }) =>
    can(context.user.role, 'prices.manage')
      ? context.queryClient.prefetchQuery(context.trpc.prices.versions.queryOptions())
      : undefined,
  component: PricesPage,
});

function PricesPage() {
  const query = useQuery(trpc.prices.versions.queryOptions());
  return (
    <AdminPage
      title={TITLE}
      subtitle="Las tarifas que cobran las calculadoras, las solicitudes de envío y las facturas. Un cambio es una nueva versión con la fecha en que entra en vigencia; las versiones pasadas no se modifican."
    >
      <VersionsScreen
        kind={PRICE_VERSIONS}
        query={query}
        versionsKey={trpc.prices.versions.queryKey()}
        cancel={trpc.prices.cancel.mutationOptions()}
        form={(current) => <NewPriceVersion key={current.id} from={current.prices} />}
      >
        {query.data && <HonourDays key={query.data.honourDays} days={query.data.honourDays} />}
      </VersionsScreen>
    </AdminPage>
  );
}
