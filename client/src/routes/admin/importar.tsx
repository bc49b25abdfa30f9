import { createFileRoute } from '@tanstack/react-router';
import { IMPORT_MESSAGES as M } from '@casillero/shared';
import { AdminPage } from '../../components/data-table';
import { pageHead } from '../../lib/site';
import { ImportPanel } from './-components/import/ImportPanel';

export const Route = createFileRoute('/admin/importar')({
  head: pageHead('Importar'),
  component: ImportPage,
});

function ImportPage() {
  return (
    <AdminPage title={M.title} subtitle={M.intro}>
      <ImportPanel />
    </AdminPage>
  );
}
