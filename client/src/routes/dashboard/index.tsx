import { createFileRoute, redirect } from '@tanstack/react-router';
import { isStaffRole } from '@casillero/shared';

// The entry of the client area: administrators go on to theirs, customers to their profile.
export const Route = createFileRoute('/dashboard/')({
  beforeLoad: ({ context }) => {
    // An ally's login has its own portal (docs/product/allies.md).
    if (context.user.role === 'aliado') throw redirect({ to: '/aliado', replace: true });
    if (isStaffRole(context.user.role)) throw redirect({ to: '/admin', replace: true });
    throw redirect({ to: '/dashboard/mi-perfil', replace: true });
  },
});
