import { Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/site';
import { ensureQueries } from '../../lib/loader';
import { trpc } from '../../lib/trpc';
import { useMe } from '../../lib/auth';
import { MailboxCard } from './-components/MailboxCard';

import { OpenMailbox } from './-components/OpenMailbox';
import { DashboardPage } from './-components/PageHeader';
import { EmptyState, QueryState } from './-components/QueryState';
// Loaded on its own (shared by Mis Casilleros and Prealertas): no extra chunk in every route's preload list.
const InboundAddressCard = lazy(() =>
  import('../../components/prealert-mail/InboundAddressCard').then((m) => ({ default: m.InboundAddressCard })),
);

export const Route = createFileRoute('/dashboard/mis-casilleros')({
  head: pageHead('Mis Casilleros'),
  loader: ensureQueries((t) => [t.mailboxes.mine.queryOptions()]),
  component: MailboxesPage,
});

function MailboxesPage() {
  const boxes = useQuery(trpc.mailboxes.mine.queryOptions());
  const fullName = useMe().data?.user?.fullName ?? '';
  return (
    <DashboardPage
      maxWidth={960}
      title="Mis Casilleros"
      description="Usa estas direcciones como dirección de envío al comprar en tiendas en línea."
    >
      <QueryState query={boxes}>
        {(data) => (
          <Stack gap="lg">
            {data.length === 0 && (
              <EmptyState title="Aún no tienes casilleros">
                Abre tu casillero para empezar a recibir compras.
              </EmptyState>
            )}
            {data.map((box) => (
              <MailboxCard key={box.id} mailbox={box} fullName={fullName} />
            ))}
            <Suspense fallback={null}>
              <Suspense fallback={null}>
                <InboundAddressCard />
              </Suspense>
            </Suspense>
            <OpenMailbox existing={data.map((b) => b.country)} />
          </Stack>
        )}
      </QueryState>
    </DashboardPage>
  );
}
