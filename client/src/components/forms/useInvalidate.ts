import { useQueryClient, type QueryKey } from '@tanstack/react-query';

export type Router = { pathKey: () => QueryKey };

/** After a change, marks stale every query of the given routers (`trpc.packages`, ...). */
export function useInvalidate(...routers: Router[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(routers.map((router) => queryClient.invalidateQueries({ queryKey: router.pathKey() })));
}
