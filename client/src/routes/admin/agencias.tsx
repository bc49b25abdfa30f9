// /admin/agencias (docs/product/last-mile.md#agencies): the agencies where shipments can be
// collected, the home-delivery fee of each zone and the pickup reminder; the administrator's.
import { createFileRoute } from '@tanstack/react-router';
import { AGENCY_KINDS, AGENCY_SORTS, VENEZUELAN_STATES } from '@casillero/shared';
import { listSearch, searchString } from '../../lib/search';
import { AdminPage, CreateAction, TotalBadge, useListRoute } from '../../components/data-table';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { CreateAgencyDialog } from './-components/agencies/AgencyForm';
import { AgenciesList, type AgencySearch } from './-components/agencies/AgenciesList';
import { DeliveryFeesCard } from './-components/agencies/DeliveryFees';
import { PickupSettingsCard } from './-components/agencies/PickupSettings';

const TITLE = 'Agencias y entregas';

export const Route = createFileRoute('/admin/agencias')({
  validateSearch: (search: Record<string, unknown>): AgencySearch => ({
    ...listSearch(search, AGENCY_SORTS, { state: VENEZUELAN_STATES, kind: AGENCY_KINDS }),
    city: searchString(search.city, 80)?.trim() || undefined,
  }),
  head: pageHead(TITLE),
  component: AgenciesPage,
});

function AgenciesPage() {
  return (
    <AdminPage
      title={TITLE}
      badge={<TotalBadge query={trpc.agenciesAdmin.count.queryOptions({})} noun="agencias" />}
      subtitle="Las agencias donde los destinatarios retiran sus envíos, y lo que cuesta la entrega a domicilio por zona."
      actions={<CreateAction permission="agencies.manage" label="Nueva agencia" dialog={CreateAgencyDialog} />}
    >
      <DeliveryFeesCard />
      <PickupSettingsCard />
      <AgenciesList {...useListRoute<AgencySearch>(Route)} />
    </AdminPage>
  );
}
