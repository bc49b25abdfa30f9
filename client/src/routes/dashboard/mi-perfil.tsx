import { createFileRoute } from '@tanstack/react-router';
import { BRAND_NAME } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { ProfileForm } from './-components/ProfileForm';
import { DashboardPage } from './-components/PageHeader';
import { QueryState } from './-components/QueryState';
import { useQuery } from '@tanstack/react-query';

export const Route = createFileRoute('/dashboard/mi-perfil')({
  head: () => ({ meta: [{ title: `Mi Perfil · ${BRAND_NAME}` }] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.profile.get.queryOptions()),
  component: ProfilePage,
});

function ProfilePage() {
  const profile = useQuery(trpc.profile.get.queryOptions());
  return (
    <DashboardPage maxWidth={880} title="Mi Perfil" description="Tus datos personales y la dirección de entrega en Venezuela.">
      <QueryState query={profile}>{(data) => <ProfileForm key={data.updatedAt ?? 'nuevo'} profile={data} />}</QueryState>
    </DashboardPage>
  );
}
