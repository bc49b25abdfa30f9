// The extractors' fixtures (fixtures/<store>/*.eml with *.expected.json beside each, written for
// these tests: no real person's data) and how a reading is scored against them, field by field:
// the store, the order number, the total, each item (description, quantity and unit price
// together) and each tracking number (with its carrier). Used by extraction.test.ts and by
// scripts/extraction-report.ts, which prints precision and recall per store.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Extraction, MailForExtraction } from './types';

export const FIXTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

export type ExpectedFields = Pick<
  Extraction,
  'store' | 'orderNumber' | 'totalUsdCents' | 'items' | 'trackings' | 'kind'
>;

export interface MailFixture {
  /** "amazon/order-en" */
  name: string;
  group: string;
  mail: MailForExtraction;
  expected: ExpectedFields;
}

/** A fixture's .eml: headers up to the first blank line, then the body (text, or HTML when Content-Type says so). */
export function readEml(raw: string): MailForExtraction {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  const body = rest.join('\n\n');
  const html = /text\/html/i.test(headers.get('content-type') ?? '');
  return {
    from: headers.get('from') ?? null,
    subject: headers.get('subject') ?? '',
    text: html ? '' : body,
    html: html ? body : null,
    attachments: [],
  };
}

export function loadMailFixtures(): MailFixture[] {
  const fixtures: MailFixture[] = [];
  for (const group of fs.readdirSync(FIXTURES_DIR).sort()) {
    const dir = path.join(FIXTURES_DIR, group);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()) {
      const base = file.replace(/\.eml$/, '');
      fixtures.push({
        name: `${group}/${base}`,
        group,
        mail: readEml(fs.readFileSync(path.join(dir, file), 'utf8')),
        expected: JSON.parse(fs.readFileSync(path.join(dir, `${base}.expected.json`), 'utf8')) as ExpectedFields,
      });
    }
  }
  return fixtures;
}

/** The fields of a reading as comparable strings, one per field. */
export function fieldsOf(
  e: Pick<Extraction, 'store' | 'orderNumber' | 'totalUsdCents' | 'items' | 'trackings'>,
): string[] {
  const out: string[] = [`store=${e.store ?? '(ninguna)'}`];
  if (e.orderNumber) out.push(`order=${e.orderNumber}`);
  if (e.totalUsdCents !== null) out.push(`total=${e.totalUsdCents}`);
  for (const i of e.items) out.push(`item=${i.description.toLowerCase()}|${i.quantity}|${i.unitPriceUsdCents ?? '-'}`);
  for (const t of e.trackings) out.push(`tracking=${t.trackingNumber}|${t.carrier ?? '-'}`);
  return out;
}

export interface FieldScore {
  /** Fields read and right. */
  right: number;
  /** Fields read. */
  read: number;
  /** Fields the fixture expects. */
  expected: number;
}

export function scoreFields(expected: ExpectedFields, actual: Extraction): FieldScore {
  const want = fieldsOf(expected);
  const got = fieldsOf(actual);
  const pool = [...want];
  let right = 0;
  for (const g of got) {
    const at = pool.indexOf(g);
    if (at >= 0) {
      right++;
      pool.splice(at, 1);
    }
  }
  return { right, read: got.length, expected: want.length };
}

export const precision = (s: FieldScore) => (s.read === 0 ? 1 : s.right / s.read);
export const recall = (s: FieldScore) => (s.expected === 0 ? 1 : s.right / s.expected);
