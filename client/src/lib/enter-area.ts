// Where the sign-in pages go once the session is there (docs/product/sign-up-and-sign-in.md#where-a-customer-lands).
// Apart from lib/auth.ts: only those pages need it, so the first page's JavaScript does not carry it.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { isStaffRole } from '@casillero/shared';
import { trpc } from './trpc';

/**
 * After signing in: straight to the area's first screen, a customer's the one that needs them
 * (docs/product/sign-up-and-sign-in.md#where-a-customer-lands), without stopping at /dashboard.
 * Call it once the session is reloaded (useRefreshSession).
 */
export function useEnterArea() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const role = queryClient.getQueryData(trpc.auth.me.queryKey())?.user?.role;
    if (role && !isStaffRole(role)) {
      const landing = await queryClient
        .fetchQuery({ ...trpc.account.landing.queryOptions(), staleTime: 0 })
        .catch(() => null);
      if (landing) return navigate({ to: landing.to });
    }
    // /dashboard sends staff on to /admin and an ally's login to /aliado.
    return navigate({ to: '/dashboard' });
  };
}
