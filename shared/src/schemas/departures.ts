// Departures (docs/product/departures.md): the staff's forms and the list's URL params. Dates are
// YYYY-MM-DD; whether an actual date is in the future is the server's check (its business clock).
import { z } from '../zod-es';
import { DEPARTURE_MESSAGES as M } from '../departures/messages';
import {
  DEPARTURE_MODES,
  DEPARTURE_ORIGINS,
  DEPARTURE_PORTS,
  DEPARTURE_PORTS_BY_MODE,
  DEPARTURE_SCAN_MAX,
  DEPARTURE_STATUSES,
  MILESTONE_KINDS,
  TEMPLATE_DAYS_MAX,
} from '../departures/departures';
import { isoDay } from './form-fields';
import { DEPARTURE_SORTS } from '../list-params';
import { optionalSearchText, sortedListParams } from './list';
import { fitsCharacters } from '../text';

const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).refine(fitsCharacters(max), M.textMax(max));
const optionalRef = (max: number) =>
  z
    .string()
    .trim()
    .refine(fitsCharacters(max), M.textMax(max))
    .nullish()
    .transform((s) => (s ? s.toUpperCase() : null));
const optionalDay = z
  .union([isoDay(M.dateInvalid), z.literal('')], { error: M.dateInvalid })
  .nullish()
  .transform((s) => s || null);

/** What staff type for a departure; mode and origin are fixed once it exists. */
const editable = {
  masterRef: optionalRef(40),
  containerNumber: optionalRef(20),
  carrier: requiredText(80, M.carrierRequired),
  voyage: requiredText(80, M.voyageRequired),
  arrivalPort: z.enum(DEPARTURE_PORTS, { error: M.portRequired }),
  cutoffOn: isoDay(M.cutoffRequired),
  plannedDeparture: isoDay(M.departureRequired),
  plannedArrival: optionalDay,
};

type Dates = { cutoffOn: string; plannedDeparture: string; plannedArrival: string | null };
function checkDates(v: Dates, ctx: z.RefinementCtx) {
  if (v.cutoffOn > v.plannedDeparture)
    ctx.addIssue({ code: 'custom', path: ['cutoffOn'], message: M.cutoffAfterDeparture });
  if (v.plannedArrival && v.plannedArrival < v.plannedDeparture)
    ctx.addIssue({ code: 'custom', path: ['plannedArrival'], message: M.arrivalBeforeDeparture });
}

export const departureCreateInput = z
  .object({
    mode: z.enum(DEPARTURE_MODES, { error: M.modeRequired }),
    origin: z.enum(DEPARTURE_ORIGINS, { error: M.originRequired }),
    ...editable,
  })
  .superRefine((v, ctx) => {
    checkDates(v, ctx);
    if (!DEPARTURE_PORTS_BY_MODE[v.mode].includes(v.arrivalPort))
      ctx.addIssue({ code: 'custom', path: ['arrivalPort'], message: M.portForMode });
  });
export type DepartureCreateInput = z.input<typeof departureCreateInput>;

export const departureUpdateInput = z
  .object({ id: z.uuid({ error: M.notFound }), ...editable })
  .superRefine(checkDates);
export type DepartureUpdateInput = z.input<typeof departureUpdateInput>;

export const departureIdInput = z.object({ id: z.uuid({ error: M.notFound }) });

/** A scanned WR label or shipment code (a hand scanner types it and Enter; the camera reads it). */
export const departureScanInput = z.object({
  departureId: z.uuid({ error: M.notFound }),
  code: z
    .string({ error: M.scanRequired })
    .trim()
    .min(1, M.scanRequired)
    .max(DEPARTURE_SCAN_MAX, M.scanRequired)
    .transform((s) => s.toUpperCase()),
});

export const departureShipmentInput = z.object({
  departureId: z.uuid({ error: M.notFound }),
  shipmentId: z.uuid({ error: M.shipmentNotFound }),
});

export const departureMilestoneInput = z.object({
  departureId: z.uuid({ error: M.notFound }),
  kind: z.enum(MILESTONE_KINDS, { error: M.milestoneUnknown }),
  /** The day it happened; the server refuses a day after today (Caracas). */
  actualOn: isoDay(M.dateInvalid),
});
export type DepartureMilestoneInput = z.input<typeof departureMilestoneInput>;

export const milestoneTemplateInput = z.object({
  mode: z.enum(DEPARTURE_MODES, { error: M.modeRequired }),
  milestones: z
    .array(
      z.object({
        kind: z.enum(MILESTONE_KINDS, { error: M.milestoneUnknown }),
        label: z.string({ error: M.templateLabel }).trim().min(1, M.templateLabel).max(60, M.templateLabel),
        typicalDays: z
          .number({ error: M.templateDays })
          .int(M.templateDays)
          .min(0, M.templateDays)
          .max(TEMPLATE_DAYS_MAX, M.templateDays),
      }),
      { error: M.templateIncomplete },
    )
    .length(MILESTONE_KINDS.length, M.templateIncomplete)
    .refine((ms) => new Set(ms.map((m) => m.kind)).size === MILESTONE_KINDS.length, M.templateIncomplete),
});
export type MilestoneTemplateInput = z.input<typeof milestoneTemplateInput>;

export const departureNewsInput = z.object({
  departureId: z.uuid({ error: M.notFound }),
  message: z.string({ error: M.newsMin }).trim().min(10, M.newsMin).refine(fitsCharacters(500), M.newsMax),
});

export const departureFilters = z.object({
  q: optionalSearchText,
  mode: z.enum(DEPARTURE_MODES).optional().catch(undefined),
  origin: z.enum(DEPARTURE_ORIGINS).optional().catch(undefined),
  status: z.enum(DEPARTURE_STATUSES).optional().catch(undefined),
});
export type DepartureFilters = Partial<z.output<typeof departureFilters>>;
export const departureListInput = departureFilters.extend(sortedListParams(DEPARTURE_SORTS));
export type DepartureListParams = Partial<z.output<typeof departureListInput>>;

/** The next open departure per mode and origin (the promise on Almacén and the quote pages). */
export const departurePromiseInput = z.object({
  mode: z.enum(DEPARTURE_MODES).optional(),
  origin: z.enum(DEPARTURE_ORIGINS).optional(),
});
