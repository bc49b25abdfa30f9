import type { inferOutput } from '@trpc/tanstack-react-query';
import type { trpc } from '../../../../lib/trpc';

export type DepartureRow = inferOutput<typeof trpc.departures.list>['rows'][number];
export type DepartureDetail = inferOutput<typeof trpc.departures.detail>;
