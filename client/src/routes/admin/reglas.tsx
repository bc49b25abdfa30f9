// /admin/reglas (docs/product/travel-rules.md): what may travel, as versions, the administrator's.
import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { can } from '@casillero/shared';
import { AdminPage } from '../../components/data-table';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { NewRuleVersion } from './-components/travel-rules/NewRuleVersion';
import { CurrentRules, RuleHistory, ScheduledRules, currentRulesOf } from './-components/travel-rules/RuleVersions';

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
  const versions = query.data?.versions ?? [];
  const current = currentRulesOf(versions);
  const now = Date.now();
  const scheduled = versions.filter((v) => !v.cancelledAt && new Date(v.effectiveAt).getTime() > now);
  return (
    <AdminPage
      title={TITLE}
      subtitle="Lo que puede viajar: categorías prohibidas, restringidas o que requieren permiso, límites por pieza y cantidad comercial. Un cambio es una nueva versión; las versiones pasadas no se modifican."
    >
      {!query.data && <Loader aria-label="Cargando" />}
      {current && <CurrentRules version={current} />}
      {query.data && <ScheduledRules versions={scheduled} />}
      {current && <NewRuleVersion key={current.id} from={current.rules} />}
      {query.data && <RuleHistory versions={versions} currentId={current?.id ?? null} />}
    </AdminPage>
  );
}
