import { createFileRoute, redirect } from '@tanstack/react-router';
import { isStaffRole } from '@casillero/shared';

// The entry of the client area: administrators go on to theirs, customers to their profile.
export const Route = createFileRoute('/dashboard/')({
  beforeLoad: ({ context }) => {
    if (isStaffRole(context.user.role)) throw redirect({ to: '/admin', replace: true });
    throw redirect({ to: '/dashboard/mi-perfil', replace: true });
  },
});
