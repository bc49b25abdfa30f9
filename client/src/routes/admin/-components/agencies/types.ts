import type { inferOutput } from '@trpc/tanstack-react-query';
import type { trpc } from '../../../../lib/trpc';

export type AgencyRow = inferOutput<typeof trpc.agenciesAdmin.list>['rows'][number];
