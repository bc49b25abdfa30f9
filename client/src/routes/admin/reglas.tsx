// /admin/reglas (docs/product/travel-rules.md): what may travel, as versions, the administrator's.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@casillero/shared';
import { AdminPage } from '../../components/data-table';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { NewRuleVersion } from './-components/travel-rules/NewRuleVersion';
import { RULE_VERSIONS } from './-components/travel-rules/RuleVersions';
import { VersionsScreen } from './-components/versions/VersionsScreen';

const TITLE = 'Reglas de envío';

export const Route = createFileRoute('/admin/reglas')({
  head: pageHead(TITLE),
  loader: ({ context }) =>
    can(context.user.role, 'rules.manage')
      ? context.queryClient.prefetchQuery(context.trpc.travelRules.versions.queryOptions())
      : undefined,
  component: RulesPage,
});

function RulesPage() {
  const query = useQuery(trpc.travelRules.versions.queryOptions());
  return (
    <AdminPage
      title={TITLE}
      subtitle="Lo que puede viajar: categorías prohibidas, restringidas o que requieren permiso, límites por pieza y cantidad comercial. Un cambio es una nueva versión; las versiones pasadas no se modifican."
    >
      <VersionsScreen
        kind={RULE_VERSIONS}
        query={query}
        versionsKey={trpc.travelRules.versions.queryKey()}
        cancel={trpc.travelRules.cancel.mutationOptions()}
        form={(current) => <NewRuleVersion key={current.id} from={current.rules} />}
      />
    </AdminPage>
  );
}
