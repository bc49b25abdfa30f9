import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/site';
import { ensureQueries } from '../../lib/loader';
import { trpc } from '../../lib/trpc';
import { ProfileForm } from './-components/ProfileForm';
import { RecipientsCard } from '../../components/recipients/RecipientsCard';
import { DashboardPage } from './-components/PageHeader';
import { QueryState } from './-components/QueryState';
import { useQuery } from '@tanstack/react-query';

export const Route = createFileRoute('/dashboard/mi-perfil')({
  head: pageHead('Mi Perfil'),
  loader: ensureQueries((t) => [t.profile.get.queryOptions(), t.recipients.mine.queryOptions()]),
  component: ProfilePage,
});

function ProfilePage() {
  const profile = useQuery(trpc.profile.get.queryOptions());
  return (
    <DashboardPage
      maxWidth={880}
      title="Mi Perfil"
      description="Tus datos personales y la dirección de entrega en Venezuela."
    >
      <QueryState query={profile}>
        {(data) => <ProfileForm key={data.updatedAt ?? 'nuevo'} profile={data} />}
      </QueryState>
      <RecipientsCard />
    </DashboardPage>
  );
}
