// /admin/reclamos (docs/product/claims.md): the claims desk of customer service and the administrator.
import { createFileRoute } from '@tanstack/react-router';
import { CLAIMS_TITLE, CLAIM_KINDS, CLAIM_LIST_SORTS, CLAIM_STATUSES } from '@casillero/shared';
import { listSearch, searchUuid } from '../../lib/search';
import { AdminPage, TotalBadge, useListRoute } from '../../components/data-table';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { ClaimsList, type ClaimSearch } from './-components/claims/ClaimsDesk';
import { ClaimSettingsCard } from './-components/claims/ClaimSettingsCard';

export const Route = createFileRoute('/admin/reclamos')({
  validateSearch: (search: Record<string, unknown>): ClaimSearch => ({
    ...listSearch(search, CLAIM_LIST_SORTS, { status: CLAIM_STATUSES, kind: CLAIM_KINDS }),
    ver: searchUuid(search.ver),
  }),
  head: pageHead(CLAIMS_TITLE),
  component: ClaimsPage,
});

function ClaimsPage() {
  return (
    <AdminPage
      title={CLAIMS_TITLE}
      badge={<TotalBadge query={trpc.claims.count.queryOptions({ openOnly: true })} noun="abiertos" />}
      subtitle="Los reclamos de los clientes: los vencidos primero. Asigna, pide más información y decide."
    >
      <ClaimSettingsCard />
      <ClaimsList {...useListRoute<ClaimSearch>(Route)} />
    </AdminPage>
  );
}
