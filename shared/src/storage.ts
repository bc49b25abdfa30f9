// The storage clock (docs/product/storage.md). A parcel in the warehouse stores free for a number of days (a
// setting, 30 by default as the large forwarders do); the customer is reminded 5 days before the
// free period ends and on its last day; after it, each day costs a fee (a setting), shown in
// Almacén and charged when the parcel goes into a shipment. Days are calendar days in Caracas.
// The fee is integer USD cents, as the price list keeps it (docs/decisions/005-money-and-numbers.md).
import { z } from './zod-es';
import { formatUsdCents } from './billing/money';

/** The free days, and the fee per day after them in USD cents (the price list's). */
export type StorageSettings = { freeDays: number; feePerDayUsdCents: number };

export const STORAGE_DEFAULTS: StorageSettings = { freeDays: 30, feePerDayUsdCents: 50 };

/** The first reminder goes this many days before the free period ends. */
export const STORAGE_REMINDER_DAYS_BEFORE = 5;

/** Package statuses whose storage clock runs (the parcel is on our shelves, in no shipment). */
export const STORAGE_CLOCK_STATUSES = ['received', 'in_warehouse'] as const;

/** The free days; the fee per day after them is the price list's (docs/product/price-lists.md). */
export const storageSettingsInput = z.object({
  freeDays: z
    .number({ message: 'Indica los días libres de almacenaje.' })
    .int('Los días libres deben ser un número entero.')
    .min(0, 'Los días libres no pueden ser negativos.')
    .max(365, 'Los días libres no pueden pasar de 365.'),
});

export const storageRemindNowInput = z.object({ packageId: z.string().uuid('Paquete no válido.') });

export type StorageClock = {
  /** Whole calendar days since reception (0 on the day it arrived). */
  daysStored: number;
  /** Free days still ahead (0 on the last free day and after it). */
  freeDaysLeft: number;
  /** Days stored beyond the free period, each charged. */
  daysOver: number;
  feePerDayUsdCents: number;
  /** daysOver × feePerDayUsdCents, USD cents. */
  feeUsdCents: number;
  /** The last free day (YYYY-MM-DD). */
  freeUntil: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The clock of a parcel received on `receivedDay`, read on `today` (both YYYY-MM-DD in Caracas). */
export function storageClock(receivedDay: string, today: string, settings: StorageSettings): StorageClock {
  const daysStored = Math.max(0, dayNumber(today) - dayNumber(receivedDay));
  const daysOver = Math.max(0, daysStored - settings.freeDays);
  return {
    daysStored,
    freeDaysLeft: Math.max(0, settings.freeDays - daysStored),
    daysOver,
    feePerDayUsdCents: settings.feePerDayUsdCents,
    feeUsdCents: daysOver * settings.feePerDayUsdCents,
    freeUntil: dayOf(dayNumber(receivedDay) + settings.freeDays),
  };
}

const days = (n: number) => (n === 1 ? '1 día' : `${n} días`);
/** 2026-12-24 → 24/12/2026. */
const dmy = (day: string) => day.split('-').reverse().join('/');

/** Staff's list of parcels whose free storage ends soon looks this many days ahead. */
export const STORAGE_ENDING_LIST_DAYS = 7;

export const STORAGE_MESSAGES = {
  settingsSaved: 'Configuración de almacenaje guardada.',
  /** Gestión de Paquetes → Almacenaje por vencer. */
  endingSoonAction: 'Almacenaje por vencer',
  endingSoonTitle: `Almacenaje gratis que termina en los próximos ${STORAGE_ENDING_LIST_DAYS} días`,
  endingSoonEmpty: `Ningún paquete termina su almacenaje gratis en los próximos ${STORAGE_ENDING_LIST_DAYS} días.`,
  endingSoonDaysLeft: (n: number) => (n === 0 ? 'Hoy es el último día' : `Quedan ${days(n)}`),
  neverReminded: 'Nunca',
  remindNow: 'Enviar recordatorio ahora',
  reminderSent: (customer: string) => `Recordatorio enviado a ${customer}.`,
  reminderAlreadyToday: 'Ya se envió hoy un recordatorio de este paquete.',
  notOnShelf: 'Este paquete ya no está en el almacén: su almacenaje no corre.',
  /** Almacén, a parcel within its free days. */
  freeLeft: (n: number) =>
    n === 0 ? 'Almacenaje gratis: hoy es el último día' : `Almacenaje gratis: quedan ${days(n)}`,
  /** Almacén, a parcel past its free days (amounts in USD cents). */
  feeLine: (daysOver: number, perDayUsdCents: number, feeUsdCents: number) =>
    `Almacenaje: ${days(daysOver)} × ${formatUsdCents(perDayUsdCents)} = ${formatUsdCents(feeUsdCents)}`,
  reminderSoonTitle: 'Tu almacenaje gratis está por terminar',
  reminderSoon: (what: string, n: number, freeUntil: string, perDayUsdCents: number) =>
    `Tu paquete ${what} tiene ${days(n)} más de almacenaje gratis (hasta el ${dmy(freeUntil)}). Después se cobra ${formatUsdCents(perDayUsdCents)} por día; envíalo antes para no pagar almacenaje.`,
  reminderTodayTitle: 'Hoy termina tu almacenaje gratis',
  reminderToday: (what: string, perDayUsdCents: number) =>
    `Hoy es el último día de almacenaje gratis de tu paquete ${what}. Desde mañana se cobra ${formatUsdCents(perDayUsdCents)} por día hasta que salga en un envío.`,
} as const;
