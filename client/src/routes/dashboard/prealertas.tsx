import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { PREALERTS_PAGE_PARAMS } from '@casillero/shared';
import { searchUuid } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { ensureQueries } from '../../lib/loader';
import { trpc } from '../../lib/trpc';
import { DashboardPage } from './-components/PageHeader';
import { PrealertCard, type Prealert } from './-components/PrealertCard';
import { PrealertForm } from './-components/PrealertForm';
import { ParcelSearchNotices } from './-components/ParcelSearchNotices';
import { EmptyState, QueryState } from './-components/QueryState';

export const Route = createFileRoute('/dashboard/prealertas')({
  head: pageHead('Prealertas'),
  loader: ensureQueries((t) => [t.prealerts.mine.queryOptions(), t.mailboxes.mine.queryOptions()]),
  component: PrealertsPage,
});

/** Editing target: a new pre-alert, one of the list, or none (form closed). */
type Editing = { mode: 'create' } | { mode: 'edit'; prealert: Prealert } | null;

function PrealertsPage() {
  const list = useQuery(trpc.prealerts.mine.queryOptions());
  const searches = useQuery(trpc.parcelSearches.mine.queryOptions());
  // What a notice's link opens highlighted: read here, in the page's own code, not by a
  // validateSearch (which would add to every page's first JavaScript).
  const params = useSearch({ strict: false }) as Record<string, unknown>;
  const busqueda = searchUuid(params[PREALERTS_PAGE_PARAMS.search]);
  const prealerta = searchUuid(params[PREALERTS_PAGE_PARAMS.prealert]);
  // A closed search shows no notice: its pre-alert stands for it.
  const searched = searches.data?.find((s) => s.id === busqueda);
  const highlightedPrealert = prealerta ?? (searched?.status === 'found' ? searched.prealertId : undefined);
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <DashboardPage
      maxWidth={960}
      title="Prealertas"
      description="Avísanos de tus compras en camino a tu casillero para recibirlas más rápido."
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'create' })}>
          Nueva prealerta
        </Button>
      }
    >
      <ParcelSearchNotices highlighted={busqueda} />
      <QueryState query={list}>
        {(data) =>
          data.length === 0 ? (
            <EmptyState title="Aún no tienes prealertas">
              Cuando compres en una tienda, crea una prealerta con el número de tracking que te den.
            </EmptyState>
          ) : (
            <Stack gap="md">
              {data.map((p) => (
                <PrealertCard
                  key={p.id}
                  prealert={p}
                  highlighted={p.id === highlightedPrealert}
                  onEdit={() => setEditing({ mode: 'edit', prealert: p })}
                />
              ))}
            </Stack>
          )
        }
      </QueryState>
      <PrealertForm
        key={editing?.mode === 'edit' ? editing.prealert.id : (editing?.mode ?? 'closed')}
        opened={editing !== null}
        prealert={editing?.mode === 'edit' ? editing.prealert : null}
        onClose={() => setEditing(null)}
      />
    </DashboardPage>
  );
}
