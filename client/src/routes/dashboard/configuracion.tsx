import { createFileRoute } from '@tanstack/react-router';
import { BRAND_NAME } from '../../lib/site';
import { ChangePasswordCard } from './-components/ChangePasswordCard';
import { EmailPreferencesCard } from './-components/EmailPreferencesCard';
import { DashboardPage } from './-components/PageHeader';
import { SessionsCard } from './-components/SessionsCard';

export const Route = createFileRoute('/dashboard/configuracion')({
  head: () => ({ meta: [{ title: `Configuración · ${BRAND_NAME}` }] }),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(context.trpc.account.sessions.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.account.emailPreferences.queryOptions()),
    ]),
  component: SettingsPage,
});

function SettingsPage() {
  return (
    <DashboardPage maxWidth={880} title="Configuración" description="Tu contraseña, tus sesiones abiertas y los correos que recibes.">
      <ChangePasswordCard />
      <SessionsCard />
      <EmailPreferencesCard />
    </DashboardPage>
  );
}
