// Tracking numbers in a mail's or invoice's text, with their carrier: by the number's shape
// (detectCarrier, detectChineseCarrier in shared/src/tracking-number.ts), else by the carrier
// the text names beside a "tracking number" label.
import { detectCarrier, detectChineseCarrier, type PrealertCarrier } from '@casillero/shared';
import type { ExtractedTracking } from './types';

/** Words that announce a tracking number, in English and Spanish. */
export const TRACKING_LABEL =
  /tracking|track(?:ing)?\s*(?:id|no\b|number|#)|seguimiento|rastreo|\bgu[ií]a\b|waybill|n[úu]mero de env[ií]o/i;

const CARRIER_WORDS: [RegExp, PrealertCarrier][] = [
  [/\bUSPS\b|postal service|correo postal de ee/i, 'USPS'],
  [/\bUPS\b/, 'UPS'],
  [/fed\s?ex/i, 'FedEx'],
  [/\bDHL\b/i, 'DHL'],
  [/amazon logistics|amazon shipping|\bAMZL\b/i, 'Amazon'],
  [/ontrac/i, 'OnTrac'],
  [/lasership/i, 'LaserShip'],
  [/china post|correos de china/i, 'China Post'],
  [/cainiao/i, 'Cainiao'],
  [/yun\s?express/i, 'YunExpress'],
  [/\b4PX\b/i, '4PX'],
];

/** The carrier a number's shape points to, Chinese carriers included, or null. */
export const carrierOfNumber = (n: string): PrealertCarrier | null => detectChineseCarrier(n) ?? detectCarrier(n);

/** The one carrier a piece of text names, or null when it names none or several. */
export function carrierNamedIn(text: string): PrealertCarrier | null {
  const named = CARRIER_WORDS.filter(([re]) => re.test(text)).map(([, c]) => c);
  return named.length === 1 ? named[0] : null;
}

/** A shape that is a tracking number wherever it appears: not a bare run of 10 to 15 digits (an order or phone number looks the same). */
const recognisedAnywhere = (n: string, carrier: PrealertCarrier | null) =>
  carrier !== null && (!/^\d+$/.test(n) || n.length >= 20);

/**
 * Every tracking number in the text, once each, in order. A number labelled as a tracking number
 * (on its line or the line above) is taken even when its shape says no carrier; anything else
 * only when its shape is unmistakable. `exclude` holds numbers known to be something else
 * (the order number).
 */
export function findTrackings(text: string, exclude: (string | null)[] = []): ExtractedTracking[] {
  const lines = text.split('\n');
  const excluded = new Set(
    exclude.filter((e): e is string => !!e).map((e) => e.replace(/[^0-9A-Z]/gi, '').toUpperCase()),
  );
  const found = new Map<string, PrealertCarrier | null>();
  const wholeTextCarrier = carrierNamedIn(text);
  lines.forEach((line, i) => {
    const labelled = TRACKING_LABEL.test(line) || (i > 0 && TRACKING_LABEL.test(lines[i - 1]) && line.length <= 60);
    const candidates = (line.match(/\b[A-Z0-9]{8,34}\b/gi) ?? []).map((c) => c.toUpperCase());
    if (labelled) {
      // "Tracking number: 9400 1118 9922 3344 5566 77": the spaced number after the label.
      const after = /[:#]\s*([A-Z0-9][A-Z0-9 ]{6,40}[A-Z0-9])/i.exec(line)?.[1]?.replace(/ /g, '').toUpperCase();
      if (after && /^[A-Z0-9]{8,34}$/.test(after)) candidates.unshift(after);
    }
    for (const n of candidates) {
      if (found.has(n) || excluded.has(n) || !/\d/.test(n) || !/\d{4}/.test(n)) continue;
      const shape = carrierOfNumber(n);
      if (recognisedAnywhere(n, shape)) {
        found.set(n, shape);
        continue;
      }
      if (!labelled) continue;
      const nearby = carrierNamedIn([lines[i - 1] ?? '', line, lines[i + 1] ?? ''].join('\n'));
      // A bare run of digits says little (12 digits is FedEx's shape, 10 DHL's): the named carrier wins.
      const carrier = /^\d+$/.test(n) ? (nearby ?? shape ?? wholeTextCarrier) : (shape ?? nearby ?? wholeTextCarrier);
      found.set(n, carrier);
    }
  });
  // A spaced number read whole also leaves its pieces (9400, 1118...): they are too short to be taken.
  return [...found].map(([trackingNumber, carrier]) => ({ trackingNumber, carrier }));
}
