// Conciliación bancaria (docs/decisions/021-billing-in-bolivares.md): the cashier uploads the bank's statement, sees each credit
// against the payments reported in bolívares and approves the matches in one step. The open
// statement is in the address (?statementId=…), so a reconciliation is a link to share.
import { createFileRoute } from '@tanstack/react-router';
import { RECONCILIATION_MESSAGES as M } from '@casillero/shared';
import { AdminPage } from '../../components/data-table';
import { useCan } from '../../lib/permissions';
import { searchUuid } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { StatementLines } from './-components/reconciliation/StatementLines';
import { StatementsList } from './-components/reconciliation/StatementsList';
import { StatementUpload } from './-components/reconciliation/StatementUpload';
import { RECONCILIATION_TEXTS as T } from './-components/reconciliation/texts';

type ReconciliationSearch = { statementId?: string };

export const Route = createFileRoute('/admin/conciliacion')({
  validateSearch: (search: Record<string, unknown>): ReconciliationSearch => {
    const statementId = searchUuid(search.statementId);
    return statementId ? { statementId } : {};
  },
  head: pageHead('Conciliación'),
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.reconciliation.statements.queryOptions()),
  component: ReconciliationPage,
});

function ReconciliationPage() {
  const { statementId } = Route.useSearch();
  const navigate = Route.useNavigate();
  const canApprove = useCan('payments.write');
  const open = (id: string) => void navigate({ search: { statementId: id } });

  return (
    <AdminPage title={T.title} subtitle={`${T.intro} ${M.tolerance}`}>
      {canApprove && <StatementUpload onUploaded={open} />}
      {statementId && <StatementLines key={statementId} statementId={statementId} canApprove={canApprove} />}
      <StatementsList openId={statementId} onOpen={open} />
    </AdminPage>
  );
}
