// The business's clock (Caracas): its operating days, the dates in file names and the times
// written into CSV exports. Every date the business reads is on this clock, not the server's.
import { sql } from 'drizzle-orm';
import { CsvDate } from './csv';

export const BUSINESS_TIME_ZONE = 'America/Caracas';

/** The time zone as an SQL literal, for `at time zone` (a constant, never user input). */
export const BUSINESS_TZ_SQL = sql.raw(`'${BUSINESS_TIME_ZONE}'`);

const businessDay = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE });

/** A day (YYYY-MM-DD) on the business's clock: today by default. */
export const businessToday = (now = new Date()) => businessDay.format(now);

/** A date and time as the CSV exports write them (dd/mm/aaaa, hh:mm). */
export const csvDateTime = new Intl.DateTimeFormat('es-ES', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const wallClockParts = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The moment's day and time on the business's clock, written as UTC (for Excel, whose dates have no zone). */
export function businessWallClock(d: Date): Date {
  const p = Object.fromEntries(wallClockParts.formatToParts(d).map((x) => [x.type, Number(x.value)]));
  return new Date(Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!, d.getUTCMilliseconds()));
}

/** A moment as an export's cell: `format`'s text in the CSV, a date and time cell in the Excel file. */
export const csvMoment = (d: Date, format: Intl.DateTimeFormat = csvDateTime) =>
  new CsvDate(format.format(d), businessWallClock(d), true);

const businessWeekday = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, weekday: 'short' });

/** Whether the moment falls on a Saturday or Sunday on the business's clock. */
export const isBusinessWeekend = (d: Date) => ['Sat', 'Sun'].includes(businessWeekday.format(d));

/**
 * The same time of day `days` business days (Monday to Friday, on the business's clock) after
 * `from`: a claim opened on Friday at 10:00 with 2 days is due on Tuesday at 10:00. Caracas keeps
 * no daylight saving, so a day is always 24 hours.
 */
export function addBusinessDays(from: Date, days: number): Date {
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += 24 * 3600 * 1000;
    if (!isBusinessWeekend(new Date(at))) left -= 1;
  }
  return new Date(at);
}

const HOUR = 3600 * 1000;
/** Caracas is UTC−4 all year: its midnight is 04:00 UTC. */
const CARACAS_OFFSET = 4 * HOUR;

/**
 * The hours between two moments that fall on business days (Monday to Friday, whole days, on the
 * business's clock): a parcel delivered on Friday at 18:00 has 6 business hours on Monday at 06:00.
 */
export function businessHoursBetween(from: Date, to: Date): number {
  let at = from.getTime();
  const end = to.getTime();
  let ms = 0;
  while (at < end) {
    const nextMidnight = Math.floor((at - CARACAS_OFFSET) / (24 * HOUR) + 1) * 24 * HOUR + CARACAS_OFFSET;
    const stop = Math.min(nextMidnight, end);
    if (!isBusinessWeekend(new Date(at))) ms += stop - at;
    at = stop;
  }
  return ms / HOUR;
}
