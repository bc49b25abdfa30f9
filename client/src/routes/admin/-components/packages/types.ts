import type { inferOutput } from '@trpc/tanstack-react-query';
import type { trpc } from '../../../../lib/trpc';

export type PackageRow = inferOutput<typeof trpc.packages.list>['rows'][number];
export type PackageDetail = inferOutput<typeof trpc.packages.detail>;
export type CustomerChoice = inferOutput<typeof trpc.packages.customers>[number];
