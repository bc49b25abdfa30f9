import { createFileRoute } from '@tanstack/react-router';
import { PACKAGE_SORTS, PACKAGE_STATUSES, PROBLEM_LIST_FILTERS, PROBLEM_REASONS } from '@casillero/shared';
import { listSearch, searchUuid } from '../../lib/search';
import { AdminPage, CreateAction, TotalBadge, useListRoute } from '../../components/data-table';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { CreatePackageDialog } from './-components/packages/PackageForm';
import { PackagesList, type PackageSearch } from './-components/packages/PackagesList';
import { StorageEndingAction } from './-components/storage/StorageEndingDialog';
import { StorageSettingsAction } from './-components/storage/StorageSettingsDialog';

export const Route = createFileRoute('/admin/paquetes')({
  validateSearch: (search: Record<string, unknown>): PackageSearch => ({
    ...listSearch(search, PACKAGE_SORTS, {
      status: PACKAGE_STATUSES,
      problema: PROBLEM_LIST_FILTERS,
      motivo: PROBLEM_REASONS,
    }),
    cliente: searchUuid(search.cliente),
  }),
  head: pageHead('Paquetes'),
  component: PackagesPage,
});

function PackagesPage() {
  return (
    <AdminPage
      title="Gestión de Paquetes"
      badge={<TotalBadge query={trpc.packages.count.queryOptions({})} noun="paquetes" />}
      subtitle="Paquetes de los clientes en el almacén: recepción, estado, edición y envío."
      actions={
        <>
          <StorageEndingAction />
          <StorageSettingsAction />
          <CreateAction permission="packages.write" label="Crear Paquete" dialog={CreatePackageDialog} />
        </>
      }
    >
      <PackagesList {...useListRoute<PackageSearch>(Route)} />
    </AdminPage>
  );
}
