import type { inferOutput } from '@trpc/tanstack-react-query';
import type { trpc } from '../../../../lib/trpc';

export type TrackingStats = inferOutput<typeof trpc.trackings.stats>;
export type TrackingRow = inferOutput<typeof trpc.trackings.list>['rows'][number];
export type TrackingDetail = inferOutput<typeof trpc.trackings.detail>;
export type TrackingClient = inferOutput<typeof trpc.trackings.clients>[number];
