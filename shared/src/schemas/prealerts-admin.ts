// The admin pre-alerts screen's inputs (docs/product/admin-prealerts.md): the list's filters, the edit and
// convert dialogs. Client forms and server procedures share them.
import { z } from '../zod-es';
import { centsNumber, optionalText } from './form-fields';
import { PREALERT_STATUSES } from '../enums';
import { ADMIN_PREALERT_MESSAGES as M } from '../prealerts/messages';
import { listPageParams, optionalSearchText } from './list';
import { prealertCreateInput } from './prealerts';

/** Search (tracking, client, sender, description) and status: what the count takes. */
export const prealertAdminFilters = z.object({
  q: optionalSearchText,
  status: z.enum(PREALERT_STATUSES).optional().catch(undefined),
});
export type PrealertAdminFilters = Partial<z.output<typeof prealertAdminFilters>>;

/** The list: the filters plus the page (newest first; the spec's list has no other order). */
export const prealertAdminListInput = prealertAdminFilters.extend({
  page: listPageParams.page,
  pageSize: listPageParams.pageSize,
});
export type PrealertAdminListParams = Partial<z.output<typeof prealertAdminListInput>>;

/**
 * Editar Prealerta: the editable fields of docs/product/admin-prealerts.md#edit, with the customer form's rules
 * (items ≥ 1, amount ≥ 0, weight ≥ 0.1, value ≥ 0). The tracking number is not editable.
 */
export const prealertAdminEditInput = prealertCreateInput
  .pick({
    description: true,
    quantityItems: true,
    amountSpentUsdCents: true,
    senderName: true,
    estimatedWeight: true,
    estimatedValueUsdCents: true,
    carrier: true,
    estadoTracking: true,
    notes: true,
  })
  .extend({ id: z.uuid() });
export type PrealertAdminEditInput = z.input<typeof prealertAdminEditInput>;

/**
 * Convertir Prealerta a Paquete: the real weight and value measured at the warehouse (0 or
 * empty: not measured), a package description (empty: the pre-alert's) and internal notes.
 */
export const prealertConvertInput = z.object({
  id: z.uuid(),
  actualWeight: z
    .number({ error: M.realWeightInvalid })
    .min(0, M.realWeightInvalid)
    .max(1000, M.realWeightInvalid)
    .default(0),
  actualValueUsdCents: centsNumber(M.realValueInvalid)
    .min(0, M.realValueInvalid)
    .max(100_000_000, M.realValueInvalid)
    .default(0),
  packageDescription: optionalText(500, M.packageDescriptionMax),
  notes: optionalText(1000, M.notesMax),
});
export type PrealertConvertInput = z.input<typeof prealertConvertInput>;
