import type { inferOutput } from '@trpc/tanstack-react-query';
import type { trpc } from '../../../../lib/trpc';

export type PeriodReport = inferOutput<typeof trpc.reports.period>;
export type Comparison = PeriodReport['packages'];
export type TrendMonth = inferOutput<typeof trpc.reports.trend>[number];
export type StatusDistribution = inferOutput<typeof trpc.reports.statusDistribution>;
