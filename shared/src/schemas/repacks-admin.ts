// The admin Reempaques list (docs/product/admin-packages-and-shipments.md#repack-processing): search by customer or WR,
// one status, pending first, bounded paging; the URL holds them (client/src/routes/admin/reempaques.tsx).
import { z } from '../zod-es';
import { REPACK_STATUSES } from '../enums';
import { listPageParams, optionalSearchText } from './list';

export const repackAdminFilters = z.object({
  q: optionalSearchText,
  status: z.enum(REPACK_STATUSES).optional().catch(undefined),
});
export type RepackAdminFilters = Partial<z.output<typeof repackAdminFilters>>;

export const repackAdminListInput = repackAdminFilters.extend(listPageParams);
export type RepackAdminListParams = Partial<z.output<typeof repackAdminListInput>>;
