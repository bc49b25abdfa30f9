// /admin/aduanas's page (docs/product/customs.md): the versions with their source and the form of
// a new one, the threshold and the estimate's error (the administrator's, 'customs.manage'), and
// the settlement of a departure with the broker's file (the administrator and the warehouse,
// 'customs.settle'). Loaded on demand by the route (routes/admin/aduanas.tsx), so the shared customs
// code it shares with the customers' estimate (components/customs/CustomsParts.tsx) is a chunk this
// module lists, not one the entry must list for the route (the home page's budget).
import { useQuery } from '@tanstack/react-query';
import { Stack } from '@mantine/core';
import { CUSTOMS_MESSAGES as M } from '@casillero/shared';
import { AdminPage } from '../../../../components/data-table';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { VersionsScreen } from '../versions/VersionsScreen';
import { CUSTOMS_VERSIONS } from './CustomsVersions';
import { NewCustomsVersion } from './NewCustomsVersion';
import { SettlementPanel } from './SettlementPanel';
import { SettlementReport } from './SettlementReport';

export function CustomsPage({ title }: { title: string }) {
  const canManage = useCan('customs.manage');
  const canSettle = useCan('customs.settle');
  return (
    <AdminPage title={title} subtitle={M.pageDescription}>
      <Stack gap="lg">
        {canSettle && <SettlementPanel />}
        {canManage && <SettlementReport />}
        {canManage && <Versions />}
      </Stack>
    </AdminPage>
  );
}

function Versions() {
  const query = useQuery(trpc.customs.versions.queryOptions());
  return (
    <VersionsScreen
      kind={CUSTOMS_VERSIONS}
      query={query}
      versionsKey={trpc.customs.versions.queryKey()}
      cancel={trpc.customs.cancel.mutationOptions()}
      form={(current) => <NewCustomsVersion key={current.id} from={current} />}
    />
  );
}
