// How the shipment screens (admin and customer) write a shipment's days and weights.
import { formatKg } from '@casillero/shared';

/** A date-only value (YYYY-MM-DD) as dd/mm/aaaa, without time-zone shifts. */
export const formatDay = (day: string | null) => (day ? day.split('-').reverse().join('/') : '—');

export const kgText = (kg: number | null, digits = 1) =>
  kg === null ? '—' : formatKg(kg, { decimals: digits, fixed: true });
