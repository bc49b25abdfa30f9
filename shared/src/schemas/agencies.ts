// The agencies catalogue (docs/product/last-mile.md#agencies): the administrator's form, the
// list's URL params and the delivery fees per zone (integer USD cents).
import { z } from '../zod-es';
import { AGENCY_KINDS, VENEZUELAN_STATES } from '../enums';
import { AGENCY_MESSAGES as M } from '../agencies/messages';
import { fitsCharacters } from '../text';
import { optionalSearchText, sortedListParams } from './list';
import { AGENCY_SORTS } from '../list-params';

const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).refine(fitsCharacters(max), M.textMax(max));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .refine(fitsCharacters(max), M.textMax(max))
    .nullish()
    .transform((s) => s ?? '');

const agencyFields = {
  kind: z.enum(AGENCY_KINDS, { error: M.kindRequired }),
  carrier: requiredText(40, M.carrierRequired),
  code: z
    .string({ error: M.codeRequired })
    .trim()
    .min(1, M.codeRequired)
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9-]{0,19}$/, M.codeFormat)),
  name: requiredText(100, M.nameRequired),
  state: z.enum(VENEZUELAN_STATES, { error: M.stateRequired }),
  city: requiredText(80, M.cityRequired),
  address: requiredText(300, M.addressRequired),
  hours: optionalText(120),
  phone: optionalText(60),
};

export const agencyCreateInput = z.object({ ...agencyFields, active: z.boolean().optional().default(true) });
export type AgencyCreateInput = z.input<typeof agencyCreateInput>;

export const agencyUpdateInput = z.object({ id: z.uuid({ error: M.notFound }), ...agencyFields });
export type AgencyUpdateInput = z.input<typeof agencyUpdateInput>;

export const agencySetActiveInput = z.object({ id: z.uuid({ error: M.notFound }), active: z.boolean() });

export const agencyFilters = z.object({
  q: optionalSearchText,
  state: z.enum(VENEZUELAN_STATES).optional().catch(undefined),
  city: optionalSearchText,
  kind: z.enum(AGENCY_KINDS).optional().catch(undefined),
});
export const agencyListInput = agencyFilters.extend(sortedListParams(AGENCY_SORTS));
export type AgencyListParams = Partial<z.output<typeof agencyListInput>>;
