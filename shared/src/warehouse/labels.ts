// The URL of the printable labels (GET /api/labels, docs/product/warehouse-intake.md#labels): one 100×150 mm page per
// package or received parcel, for the reception page and the packages list.
import { z } from '../zod-es';
import { LABELS_PATH } from './messages';

export type LabelsRequest = { packageIds?: readonly string[]; intakeIds?: readonly string[] };

/** `/api/labels?packages=<id,…>&intakes=<id,…>`; an empty list is left out. */
export function labelsUrl({ packageIds = [], intakeIds = [] }: LabelsRequest): string {
  const search = new URLSearchParams();
  if (packageIds.length > 0) search.set('packages', packageIds.join(','));
  if (intakeIds.length > 0) search.set('intakes', intakeIds.join(','));
  const query = search.toString();
  return query ? `${LABELS_PATH}?${query}` : LABELS_PATH;
}

/** A WR number typed or scanned into the packages list's search: open that package. */
export const packageByReceiptInput = z.object({
  warehouseReceipt: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .transform((s) => s.replace(/\s+/g, ' ').toUpperCase()),
});
export type PackageByReceiptInput = z.input<typeof packageByReceiptInput>;
