// /admin/despachos (docs/product/departures.md): air consolidations and sea containers, the
// shipments scanned into them, their manifest and milestones.
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Button } from '@mantine/core';
import {
  DEPARTURE_MESSAGES as M,
  DEPARTURES_TITLE,
  DEPARTURE_MODES,
  DEPARTURE_ORIGINS,
  DEPARTURE_SORTS,
  DEPARTURE_STATUSES,
} from '@casillero/shared';
import { listSearch } from '../../lib/search';
import { AdminPage, CreateAction, TotalBadge, useListRoute } from '../../components/data-table';
import { notifyError, notifySuccess } from '../../lib/notify';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { useCan } from '../../lib/permissions';
import { CreateDepartureDialog, useInvalidateDepartures } from './-components/departures/DepartureForm';
import { DeparturesList, type DepartureSearch } from './-components/departures/DeparturesList';
import { MilestoneTemplateAction } from './-components/departures/MilestoneTemplate';
import { failureMessage } from './-components/packages/feedback';

export const Route = createFileRoute('/admin/despachos')({
  validateSearch: (search: Record<string, unknown>): DepartureSearch =>
    listSearch(search, DEPARTURE_SORTS, {
      mode: DEPARTURE_MODES,
      origin: DEPARTURE_ORIGINS,
      status: DEPARTURE_STATUSES,
    }),
  head: pageHead(DEPARTURES_TITLE),
  component: DeparturesPage,
});

function CheckDelaysButton() {
  const canWrite = useCan('departures.write');
  const invalidate = useInvalidateDepartures();
  const check = useMutation(trpc.departures.checkDelays.mutationOptions());
  if (!canWrite) return null;
  return (
    <Button
      variant="default"
      loading={check.isPending}
      onClick={async () => {
        try {
          const r = await check.mutateAsync();
          notifySuccess(M.title, M.delayChecked(r.notices));
        } catch (e) {
          notifyError(failureMessage(e, 'No se pudieron revisar los retrasos.'));
        }
        await invalidate();
      }}
    >
      Revisar retrasos
    </Button>
  );
}

function DeparturesPage() {
  return (
    <AdminPage
      title={M.title}
      badge={<TotalBadge query={trpc.departures.count.queryOptions({})} noun="despachos" />}
      subtitle={M.subtitle}
      actions={
        <>
          <CheckDelaysButton />
          <MilestoneTemplateAction />
          <CreateAction permission="departures.write" label={M.create} dialog={CreateDepartureDialog} />
        </>
      }
    >
      <DeparturesList {...useListRoute<DepartureSearch>(Route)} />
    </AdminPage>
  );
}
