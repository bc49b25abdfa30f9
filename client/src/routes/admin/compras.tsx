// /admin/compras (docs/product/compra-asistida.md): the assisted purchases desk of customer service
// and the administrator, on the list engine.
import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_COMPRAS_TITLE, COMPRA_LIST_SORTS, COMPRA_STATUSES } from '@casillero/shared';
import { listSearch, searchUuid } from '../../lib/search';
import { AdminPage, TotalBadge, useListRoute } from '../../components/data-table';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { ComprasList, type CompraSearch } from './-components/compras/ComprasDesk';
import { CompraSettingsCard } from './-components/compras/CompraSettingsCard';

export const Route = createFileRoute('/admin/compras')({
  validateSearch: (search: Record<string, unknown>): CompraSearch => ({
    ...listSearch(search, COMPRA_LIST_SORTS, { status: COMPRA_STATUSES }),
    ver: searchUuid(search.ver),
  }),
  head: pageHead(ADMIN_COMPRAS_TITLE),
  component: ComprasPage,
});

function ComprasPage() {
  return (
    <AdminPage
      title={ADMIN_COMPRAS_TITLE}
      badge={<TotalBadge query={trpc.compras.count.queryOptions({ status: 'requested' })} noun="por cotizar" />}
      subtitle="Las compras que los clientes nos piden: cotiza, compra en la tienda y registra los trackings."
    >
      <CompraSettingsCard />
      <ComprasList {...useListRoute<CompraSearch>(Route)} />
    </AdminPage>
  );
}
