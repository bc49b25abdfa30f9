import { createFileRoute } from '@tanstack/react-router';
import { REPACK_STATUSES } from '@casillero/shared';
import { listSearch } from '../../lib/search';
import { AdminPage, useListRoute } from '../../components/data-table';
import { pageHead } from '../../lib/site';
import { RepacksList, type RepackSearch } from './-components/repacks/RepacksList';

export const Route = createFileRoute('/admin/reempaques')({
  // The order is fixed (pending first, as a queue): no sort key reaches the URL.
  validateSearch: (search: Record<string, unknown>): RepackSearch =>
    listSearch(search, [] as const, { status: REPACK_STATUSES }),
  head: pageHead('Reempaques'),
  component: RepacksPage,
});

function RepacksPage() {
  return (
    <AdminPage
      title="Reempaques"
      subtitle="Solicitudes de reempaque y consolidación de los clientes: primero las pendientes, en orden de llegada."
    >
      <RepacksList {...useListRoute<RepackSearch>(Route)} />
    </AdminPage>
  );
}
