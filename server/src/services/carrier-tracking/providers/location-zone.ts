// The time zone of a carrier's event from the place it names (docs/product/first-mile-providers.md#times),
// for providers that give the carrier's clock without its zone (Karrio). Only places we can tell:
// our warehouse's area, China, and a US state written as carriers write it ("MIAMI, FL 33166",
// "QUEENS, 11101, NY", "MIAMI FL DISTRIBUTION CENTER"); anything else is null (read as UTC).

const EASTERN = 'America/New_York';
const CENTRAL = 'America/Chicago';
const MOUNTAIN = 'America/Denver';
const PACIFIC = 'America/Los_Angeles';
const CHINA = 'Asia/Shanghai';

/** Each state's zone: where a state spans two, the one most of its people (and its hubs) keep. */
const US_STATE_ZONES: Record<string, string> = {
  ...Object.fromEntries(
    'CT DC DE FL GA IN KY MA MD ME MI NC NH NJ NY OH PA RI SC VA VT WV'.split(' ').map((s) => [s, EASTERN]),
  ),
  ...Object.fromEntries('AL AR IA IL KS LA MN MO MS ND NE OK SD TN TX WI'.split(' ').map((s) => [s, CENTRAL])),
  ...Object.fromEntries('CO ID MT NM UT WY'.split(' ').map((s) => [s, MOUNTAIN])),
  ...Object.fromEntries('CA NV OR WA'.split(' ').map((s) => [s, PACIFIC])),
  AZ: 'America/Phoenix',
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
  PR: 'America/Puerto_Rico',
};

/** State codes that are also words ("SORTED IN", "OR"): taken only where a state is written. */
const WORD_LIKE = new Set(['IN', 'OR', 'ME', 'HI', 'OK', 'OH', 'DE', 'LA', 'AL', 'PA', 'MA', 'CO', 'ID', 'MO', 'NE']);

/** Our warehouse's area in Florida, named without its state by some scans. */
const WAREHOUSE_AREA = /\b(DORAL|MIAMI|MEDLEY|HIALEAH|SWEETWATER|OPA[- ]LOCKA)\b/;
const CHINESE_PLACE =
  /\b(CHINA|PRC|CN|CHN|SHENZHEN|GUANGZHOU|SHANGHAI|BEIJING|YIWU|HANGZHOU|DONGGUAN|FOSHAN|NINGBO|XIAMEN|SUZHOU|TIANJIN|QINGDAO|JINHUA|ZHENGZHOU|CHENGDU|WUHAN)\b/;

/** The zone of a carrier's place, or null when we cannot tell it. */
export function zoneOfPlace(location: string | null): string | null {
  if (!location) return null;
  const place = location.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  if (/\bHONG KONG\b|\bHK\b/.test(place)) return 'Asia/Hong_Kong';
  if (CHINESE_PLACE.test(place)) return CHINA;
  if (WAREHOUSE_AREA.test(place)) return EASTERN;
  // A state written as one: a part of its own ("FL", "FL 33166", "33166 FL") or before a ZIP code.
  for (const part of place.split(',').map((p) => p.trim())) {
    const state =
      /^([A-Z]{2})(?:\s+\d{5}(?:-\d{4})?)?$/.exec(part)?.[1] ?? /^\d{5}(?:-\d{4})?\s+([A-Z]{2})$/.exec(part)?.[1];
    if (state && US_STATE_ZONES[state]) return US_STATE_ZONES[state];
  }
  for (const match of place.matchAll(/\b([A-Z]{2})\b(?=\s+\d{5}\b)/g)) {
    if (US_STATE_ZONES[match[1]]) return US_STATE_ZONES[match[1]];
  }
  // A lone code among the words ("MIAMI FL DISTRIBUTION CENTER"), unless it is also a word.
  for (const word of place.split(/[^A-Z]+/)) {
    if (word.length === 2 && !WORD_LIKE.has(word) && US_STATE_ZONES[word]) return US_STATE_ZONES[word];
  }
  return null;
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetMs(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - (at.getTime() - at.getMilliseconds());
}

/**
 * The instant of a wall clock in a zone: `clock` holds the wall clock's figures as if UTC (null
 * zone: UTC). Within the hour a clock change skips or repeats, it may be an hour off.
 */
export function instantInZone(clock: Date, zone: string | null): Date {
  if (!zone) return clock;
  const guess = clock.getTime() - offsetMs(zone, clock);
  return new Date(clock.getTime() - offsetMs(zone, new Date(guess)));
}
