// How the shipment screens (admin and customer) write a shipment's days and weights.

/** A date-only value (YYYY-MM-DD) as es-ES, without time-zone shifts. */
export const formatDay = (day: string | null) => (day ? day.split('-').reverse().join('/') : '—');

export const kgText = (kg: number | null, digits = 1) =>
  kg === null
    ? '—'
    : `${kg.toLocaleString('es-ES', { minimumFractionDigits: digits, maximumFractionDigits: digits })} kg`;
