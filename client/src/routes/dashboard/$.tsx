import { createFileRoute, redirect } from '@tanstack/react-router';

// Unknown sub-paths of the client area land on the profile (docs/product/customer-area.md#navigation).
export const Route = createFileRoute('/dashboard/$')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard/mi-perfil', replace: true });
  },
});
