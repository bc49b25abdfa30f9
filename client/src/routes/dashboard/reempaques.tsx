import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/site';
import { ensureQueries } from '../../lib/loader';
import { trpc } from '../../lib/trpc';
import { DashboardPage } from './-components/PageHeader';
import { QueryState } from './-components/QueryState';
import { RepackRequestForm } from './-components/repacks/RepackRequestForm';
import { RepackRequestList } from './-components/repacks/RepackRequestList';

export const Route = createFileRoute('/dashboard/reempaques')({
  head: pageHead('Reempaques'),
  loader: ensureQueries((t) => [t.repacks.packages.queryOptions(), t.repacks.mine.queryOptions()]),
  component: RepacksPage,
});

function RepacksPage() {
  const packages = useQuery(trpc.repacks.packages.queryOptions());
  const requests = useQuery(trpc.repacks.mine.queryOptions());
  return (
    <DashboardPage
      maxWidth={960}
      title="Reempaques"
      description="Pide que reempaquemos o consolidemos tus paquetes del almacén antes de enviarlos a Venezuela."
    >
      <QueryState query={packages}>{(data) => <RepackRequestForm packages={data} />}</QueryState>
      <QueryState query={requests}>{(data) => <RepackRequestList requests={data} />}</QueryState>
    </DashboardPage>
  );
}
