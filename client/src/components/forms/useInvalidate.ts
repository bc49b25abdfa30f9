import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { getErrorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';

export type Router = { pathKey: () => QueryKey };

/** After a change, marks stale every query of the given routers (`trpc.packages`, ...). */
export function useInvalidate(...routers: Router[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(routers.map((router) => queryClient.invalidateQueries({ queryKey: router.pathKey() })));
}

/**
 * A change's `onSuccess` and `onError`: the green toast with the server's message, then the given
 * routers' queries marked stale; the red one with the reason.
 */
export function useChangeToasts(...routers: Router[]) {
  const invalidate = useInvalidate(...routers);
  return {
    onSuccess: (result: { message: string }) => {
      notifySuccess(undefined, result.message);
      void invalidate();
    },
    onError: (error: unknown) => notifyError(getErrorMessage(error)),
  };
}
