import { createFileRoute, redirect } from '@tanstack/react-router';

// Unknown sub-paths of the client area land on the profile (public spec §2).
export const Route = createFileRoute('/dashboard/$')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/mi-perfil', replace: true });
  },
});
