import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/site';
import { ensureQueries } from '../../lib/loader';
import { ChangePasswordCard } from './-components/ChangePasswordCard';
import { NotificationChannelsCard, WhatsappNumberCard } from './-components/NotificationChannelsCard';
import { DashboardPage } from './-components/PageHeader';
import { SessionsCard } from './-components/SessionsCard';

export const Route = createFileRoute('/dashboard/configuracion')({
  head: pageHead('Configuración'),
  loader: ensureQueries((t) => [t.account.sessions.queryOptions(), t.messaging.preferences.queryOptions()]),
  component: SettingsPage,
});

function SettingsPage() {
  return (
    <DashboardPage
      maxWidth={880}
      title="Configuración"
      description="Tu contraseña, tus sesiones abiertas y por dónde te avisamos."
    >
      <NotificationChannelsCard />
      <WhatsappNumberCard />
      <ChangePasswordCard />
      <SessionsCard />
    </DashboardPage>
  );
}
