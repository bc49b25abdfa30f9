// /admin/tarifas (docs/product/price-lists.md): the price list's versions, the administrator's.
import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { can, caracasDay } from '@casillero/shared';
import { AdminPage } from '../../components/data-table';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { HonourDays } from './-components/prices/HonourDays';
import { NewPriceVersion } from './-components/prices/NewPriceVersion';
import { CurrentPrices, PriceHistory, ScheduledPrices, currentOf } from './-components/prices/PriceVersions';

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
  const versions = query.data?.versions ?? [];
  const current = currentOf(versions);
  // Not yet in effect and not cancelled: they may still be cancelled.
  const today = caracasDay(new Date());
  const scheduled = versions.filter((v) => !v.cancelledAt && v.effectiveFrom > today);
  return (
    <AdminPage
      title={TITLE}
      subtitle="Las tarifas que cobran las calculadoras, las solicitudes de envío y las facturas. Un cambio es una nueva versión con la fecha en que entra en vigencia; las versiones pasadas no se modifican."
    >
      {!query.data && <Loader aria-label="Cargando" />}
      {current && <CurrentPrices version={current} />}
      {query.data && <ScheduledPrices versions={scheduled} />}
      {current && <NewPriceVersion key={current.id} from={current.prices} />}
      {query.data && <HonourDays key={query.data.honourDays} days={query.data.honourDays} />}
      {query.data && <PriceHistory versions={versions} currentId={current?.id ?? null} />}
    </AdminPage>
  );
}
