import type { inferOutput } from '@trpc/tanstack-react-query';
import type { trpc } from '../../../../lib/trpc';

export type AdminPrealert = inferOutput<typeof trpc.prealerts.list>['rows'][number];
export type PrealertStats = inferOutput<typeof trpc.prealerts.stats>;
