// The admin Packages screen (docs/product/admin-packages-and-shipments.md): the create and edit forms, warehouse intake,
// the inline status change and the list's URL state. Client forms and server procedures share them.
import { z } from '../zod-es';
import { centsNumber, optionalNumber, optionalText, optionalUuid } from './form-fields';
import { PACKAGE_SORTS } from '../list-params';
import { PACKAGE_STATUSES, PACKAGE_STATUSES_SELECTABLE } from '../enums';
import { PACKAGE_MESSAGES as M } from '../packages/messages';
import { optionalSearchText, sortedListParams } from './list';
import { fitsCharacters } from '../text';
import { PROBLEM_LIST_FILTERS, PROBLEM_REASONS } from '../problem-parcels/filters';

const packageFields = {
  mailboxId: z.uuid({ error: M.mailboxRequired }),
  trackingNumber: optionalText(50, M.trackingMax).transform((s) => (s ? s.toUpperCase() : null)),
  packageDescription: z
    .string({ error: M.descriptionRequired })
    .trim()
    .min(1, M.descriptionRequired)
    .refine(fitsCharacters(500), M.descriptionMax),
  senderName: optionalText(100, M.senderMax),
  weightKg: optionalNumber(z.number({ error: M.weightPositive }).gt(0, M.weightPositive).max(1000, M.weightMax)),
  dimensionsCm: optionalText(50, M.dimensionsMax),
  estimatedValueUsdCents: optionalNumber(
    centsNumber(M.valuePositive).gt(0, M.valuePositive).max(100_000_000, M.valueMax),
  ),
  notes: optionalText(1000, M.notesMax),
};

export const packageStatusSelectable = z.enum(PACKAGE_STATUSES_SELECTABLE, { error: M.statusInvalid });

/** 'Crear Paquete': customer and mailbox required, status one of the four (docs/product/admin-packages-and-shipments.md#crear-paquete). */
export const packageCreateInput = z.object({
  userId: z.uuid({ error: M.customerRequired }),
  ...packageFields,
  status: packageStatusSelectable.default('pending'),
});
export type PackageCreateInput = z.input<typeof packageCreateInput>;

/**
 * A WR number as stored: trimmed, inner runs of spaces collapsed, upper-case, so the unique
 * index (packages_warehouse_receipt_key) sees " wr-1 " and "WR-1" as the same receipt.
 */
export const normalizeWarehouseReceipt = (s: string) => s.trim().replace(/\s+/g, ' ').toUpperCase();

/** Intake: the WR number is required. */
const warehouseReceipt = z
  .string({ error: M.warehouseReceiptRequired })
  .trim()
  .min(1, M.warehouseReceiptRequired)
  .max(50, M.warehouseReceiptMax)
  .transform(normalizeWarehouseReceipt);

/** Editing: the WR number may be corrected or cleared (empty → null). */
const optionalWarehouseReceipt = optionalText(50, M.warehouseReceiptMax).transform((s) =>
  s ? normalizeWarehouseReceipt(s) : null,
);

/** Editing: the customer stays; the mailbox is one of theirs; warehouse data may be corrected. */
export const packageUpdateInput = z.object({
  id: z.uuid(),
  ...packageFields,
  warehouseReceipt: optionalWarehouseReceipt,
  warehouseLocation: optionalText(50, M.locationMax),
});
export type PackageUpdateInput = z.input<typeof packageUpdateInput>;

/** Warehouse intake: WR number, weight, dimensions, shelf and an optional photo (POST /api/files first). */
export const packageIntakeInput = z.object({
  id: z.uuid(),
  warehouseReceipt,
  weightKg: z.number({ error: M.intakeWeightRequired }).gt(0, M.weightPositive).max(1000, M.weightMax),
  dimensionsCm: optionalText(50, M.dimensionsMax),
  warehouseLocation: optionalText(50, M.locationMax),
  photoFileId: optionalUuid(),
});
export type PackageIntakeInput = z.input<typeof packageIntakeInput>;

export const packageStatusInput = z.object({ id: z.uuid(), status: packageStatusSelectable });
export type PackageStatusInput = z.input<typeof packageStatusInput>;

/** The list's filters; `cliente` is a customer's user id (the clients screen links to it). */
export const packageFilters = z.object({
  q: optionalSearchText,
  status: z.enum(PACKAGE_STATUSES).optional().catch(undefined),
  cliente: z.uuid().optional().catch(undefined),
  /** Parcels with an open problem (docs/product/problem-parcels.md), and the flag's reason. */
  problema: z.enum(PROBLEM_LIST_FILTERS).optional().catch(undefined),
  motivo: z.enum(PROBLEM_REASONS).optional().catch(undefined),
});
export type PackageFilters = Partial<z.output<typeof packageFilters>>;

export const packageListInput = packageFilters.extend(sortedListParams(PACKAGE_SORTS));
export type PackageListInput = z.input<typeof packageListInput>;
export type PackageListParams = Partial<z.output<typeof packageListInput>>;

/** The customer picker of the admin forms: by name, e-mail or mailbox code. */
export const packageCustomerPickerInput = z
  .object({ q: z.string().trim().max(100).optional(), id: z.uuid().optional() })
  .default({});
export const packageCustomerIdInput = z.object({ userId: z.uuid() });
