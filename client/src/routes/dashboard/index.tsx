import { createFileRoute, redirect } from '@tanstack/react-router';

// The entry of the client area: administrators go on to theirs, customers to their profile.
export const Route = createFileRoute('/dashboard/')({
  beforeLoad: ({ context }) => {
    if (context.user.role === 'admin') throw redirect({ to: '/admin', replace: true });
    throw redirect({ to: '/dashboard/mi-perfil', replace: true });
  },
});
