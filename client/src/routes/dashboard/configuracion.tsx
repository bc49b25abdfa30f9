import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { pageHead } from '../../lib/site';
import { ensureQueries } from '../../lib/loader';
import { ChangePasswordCard } from './-components/ChangePasswordCard';
import { NotificationChannelsCard, WhatsappNumberCard } from './-components/NotificationChannelsCard';
import { PushDeviceCard } from './-components/PushDeviceCard';
import { DashboardPage } from './-components/PageHeader';
import { SessionsCard } from './-components/SessionsCard';
import { ApiKeysCard } from '../../components/api-keys/ApiKeysCard';

// Its own chunk (a table, checkboxes, a dialog): the route's dependencies, listed in the first
// JavaScript of every page, stay as they were (client/scripts/report-size.mjs).
const WebhooksCard = lazy(() => import('./-components/WebhooksCard').then((m) => ({ default: m.WebhooksCard })));

export const Route = createFileRoute('/dashboard/configuracion')({
  head: pageHead('Configuración'),
  loader: ensureQueries((t) => [
    t.account.sessions.queryOptions(),
    t.messaging.preferences.queryOptions(),
    t.account.apiKeys.queryOptions(),
  ]),
  component: SettingsPage,
});

function SettingsPage() {
  return (
    <DashboardPage
      maxWidth={880}
      title="Configuración"
      description="Tu contraseña, tus sesiones abiertas, por dónde te avisamos, tus claves de API y tus webhooks."
    >
      <NotificationChannelsCard />
      <WhatsappNumberCard />
      <PushDeviceCard />
      <ChangePasswordCard />
      <SessionsCard />
      <ApiKeysCard />
      <Suspense fallback={null}>
        <WebhooksCard />
      </Suspense>
    </DashboardPage>
  );
}
