import { createFileRoute, redirect } from '@tanstack/react-router';
import { isStaffRole } from '@casillero/shared';

// The entry of the client area: administrators go on to theirs, customers to the screen that
// needs them first (docs/product/sign-up-and-sign-in.md#where-a-customer-lands).
export const Route = createFileRoute('/dashboard/')({
  beforeLoad: async ({ context }) => {
    // An ally's login has its own portal (docs/product/allies.md).
    if (context.user.role === 'aliado') throw redirect({ to: '/aliado', replace: true });
    if (isStaffRole(context.user.role)) throw redirect({ to: '/admin', replace: true });
    // Asked afresh each time: what waits for the customer changes between two visits.
    const landing = await context.queryClient.fetchQuery({
      ...context.trpc.account.landing.queryOptions(),
      staleTime: 0,
    });
    throw redirect({ to: landing.to, replace: true });
  },
});
