import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PREALERTS_PAGE_PARAMS, PREALERT_MAIL_MESSAGES } from '@casillero/shared';

import { searchUuid } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { ensureQueries } from '../../lib/loader';
import { trpc } from '../../lib/trpc';
import { DashboardPage } from './-components/PageHeader';
import { PrealertCard, type Prealert } from './-components/PrealertCard';
import { PrealertForm } from './-components/PrealertForm';
import { ParcelSearchNotices } from './-components/ParcelSearchNotices';
import { EmptyState, QueryState } from './-components/QueryState';
// Loaded on its own (shared by Mis Casilleros and Prealertas): no extra chunk in every route's preload list.
const InboundAddressCard = lazy(() =>
  import('../../components/prealert-mail/InboundAddressCard').then((m) => ({ default: m.InboundAddressCard })),
);

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
  // A notice's link (?borrador=) opens that draft's screen once the list has it.
  const borrador = searchUuid(params.borrador);
  const linkedDraft = list.data?.find((p) => p.id === borrador && p.status === 'draft');
  useEffect(() => {
    if (linkedDraft) setEditing({ mode: 'edit', prealert: linkedDraft });
  }, [linkedDraft]);
  const drafts = list.data?.filter((p) => p.status === 'draft') ?? [];
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
      <Suspense fallback={null}>
        <InboundAddressCard />
      </Suspense>
      <ParcelSearchNotices highlighted={busqueda} />
      {drafts.length > 0 && (
        <Stack gap="sm" component="section" aria-label={PREALERT_MAIL_MESSAGES.draftsTitle}>
          <Title order={2} size="h4">
            {PREALERT_MAIL_MESSAGES.draftsTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {PREALERT_MAIL_MESSAGES.draftsHelp}
          </Text>
          {drafts.map((p) => (
            <PrealertCard key={p.id} prealert={p} onEdit={() => setEditing({ mode: 'edit', prealert: p })} />
          ))}
        </Stack>
      )}
      <QueryState query={list}>
        {(data) =>
          data.length === 0 ? (
            <EmptyState title="Aún no tienes prealertas">
              Cuando compres en una tienda, crea una prealerta con el número de tracking que te den.
            </EmptyState>
          ) : (
            <Stack gap="md">
              {data
                .filter((p) => p.status !== 'draft')
                .map((p) => (
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
