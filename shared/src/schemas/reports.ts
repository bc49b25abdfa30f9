// The reports page's input (docs/product/admin-reports.md#periods): the period, shared by the page's URL and the server.
import { z } from '../zod-es';
import { REPORT_DEFAULT_PERIOD, REPORT_PERIODS } from '../reports/reports';

export const reportPeriodInput = z.object({
  period: z.enum(REPORT_PERIODS).default(REPORT_DEFAULT_PERIOD),
});
export type ReportPeriodInput = z.input<typeof reportPeriodInput>;
