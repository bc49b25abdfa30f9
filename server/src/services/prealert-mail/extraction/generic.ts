// The rules every mail, invoice and receipt is read with, a store's extractor or not: the order
// number after an "Order #"/"Pedido" label, the total on the line that says "Total" (not
// "Subtotal"), items by their quantity labels, tracking numbers by carrier (trackings.ts).
import { amountsIn, lastAmount } from './money';
import type { ExtractedItem } from './types';

/** "Order #", "Order number:", "Pedido n.º", "N.º de pedido", "Orden:", "Order ID", "Invoice #", "Factura"... then the number (it must have digits). */
const ORDER_LABEL =
  /(?:order|pedido|orden|compra|invoice|factura|receipt|recibo)(?:\s*(?:number|no\.?|n\.?\s?[º°o]\.?|#|id|n[úu]mero|num\.?|nro\.?|confirmation number))?(?:\s+de\s+(?:pedido|orden|compra|factura))?\s*[:#]?\s*#?\s*([A-Z0-9][A-Z0-9-]{3,40}[A-Z0-9])/gi;
const ORDER_LABEL_FIRST =
  /(?:n\.?\s?[º°o]\.?|n[úu]mero|no\.)\s+de\s+(?:pedido|orden|compra|factura)\s*[:#]?\s*#?\s*([A-Z0-9][A-Z0-9-]{3,40}[A-Z0-9])/gi;

/** The first number after an order label, or null. */
export function readOrderNumber(text: string, patterns: RegExp[] = []): string | null {
  for (const re of [...patterns, ORDER_LABEL_FIRST, ORDER_LABEL]) {
    for (const m of text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))) {
      const n = m[1];
      if (n && (n.match(/\d/g) ?? []).length >= 3) return n.toUpperCase();
    }
  }
  return null;
}

/** Lines that name the grand total, best first; "Total" alone last. */
const TOTAL_LABELS = [
  /\b(?:order|grand|invoice)\s+total\b|total\s+(?:del\s+pedido|de\s+la\s+orden|a\s+pagar|pagado|charged|cobrado|de\s+la\s+compra|de\s+la\s+factura)|importe\s+total|amount\s+(?:paid|charged)|monto\s+total/i,
  /^\s*total\b|\btotal\s*(?:\(usd\)|usd|us\$)?\s*[:$]|\btotal\s*$/i,
];
const NOT_TOTAL =
  /sub-?\s?total|before\s+tax|antes\s+de\s+impuestos|item\(?s\)?\s+total|total\s+(?:savings|ahorro|de\s+art[íi]culos|items|discount)|descuento/i;

/** The grand total in cents: the amount on (or right under) the best total line; the last such line wins. */
export function readTotal(text: string): number | null {
  const lines = text.split('\n');
  for (const label of TOTAL_LABELS) {
    let found: number | null = null;
    lines.forEach((line, i) => {
      if (!label.test(line) || NOT_TOTAL.test(line)) return;
      const amount = lastAmount(line) ?? (amountsIn(lines[i + 1] ?? '').length === 1 ? lastAmount(lines[i + 1]) : null);
      if (amount !== null) found = amount;
    });
    if (found !== null) return found;
  }
  return null;
}

const QTY = /(?:\bqty|\bquantity|\bcantidad|\bcant\.?|\bunidades|\bunits?)\s*[:.]?\s*x?\s*(\d{1,3})\b/i;
/** Lines that are never an item: totals, taxes, shipping, payment, the order's own lines. */
const NOT_ITEM =
  /total|\btax|impuesto|\biva\b|shipping|\benv[ií]o|delivery|\bentrega|discount|descuento|saving|ahorro|coupon|cup[oó]n|\bpromo|\bfee\b|cargo|balance|gift card|payment|\bpago|\bpaid\b|pagado|\bchange\b|\bcambio\b|\bcash\b|efectivo|visa|mastercard|\bamex\b|estimated|estimad|\border\b|pedido|\borden\b|tracking|seguimiento|rastreo|arriv|llega|subtotal/i;
/** A line describing the item above (size, colour, seller...), not the item itself. */
const ATTRIBUTE =
  /^(?:size|talla|tama[ñn]o|colou?r|style|estilo|sold by|vendido por|seller|vendedor|item\s*(?:id|#|number)|n\.?\s?[º°o]\.?\s+de\s+art[íi]culo|n[úu]mero de art[íi]culo|sku|model|modelo|condition|condici[óo]n|variant|variante|ships from|enviado desde|return|devoluci|price|precio|unit price|precio unitario|each|c\/u)\b/i;
const PRICE_ONLY =
  /^(?:(?:price|precio|unit price|precio unitario|each|c\/u)\s*[:.]?\s*)?(?:US\s?\$|USD|\$)\s?[\d.,]+(?:\s*\/?\s*(?:US\$|USD|each|ea\.?|c\/u|cada uno|por unidad))?$/i;

const cleanDescription = (s: string) =>
  s
    .replace(/(?:US\s?\$|USD|\$)\s?[\d.,]+(?:\s*(?:US\$|USD))?/gi, '')
    .replace(/\s*\/?\s*(?:c\/u|each|ea\.|cada uno|por unidad)\s*$/i, '')
    .replace(/\s*[-–|·]\s*$/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();

export interface ItemRules {
  /** Whether a line's price is the unit price (most stores' mails) or the line's total (receipts). */
  linePrice: 'unit' | 'total';
  /** Lines "Description  $12.34" with no quantity read as one unit (receipts and invoices). */
  loosePriceLines: boolean;
  /** The product's name is followed by a subtitle line ("Nike Pegasus 41" / "Calzado de running..."): the name is the upper one. */
  subtitle?: boolean;
}

function unitPrice(price: number | null, qty: number, rules: ItemRules): number | null {
  if (price === null) return null;
  return rules.linePrice === 'total' && qty > 1 ? Math.round(price / qty) : price;
}

/** Items with quantities and unit prices, by the shapes the stores' mails and receipts write them in. */
export function readItems(text: string, rules: ItemRules): ExtractedItem[] {
  const lines = text.split('\n');
  const items: ExtractedItem[] = [];
  const used = new Set<number>();
  const push = (description: string, quantity: number, price: number | null, at: number[]) => {
    const d = cleanDescription(description);
    if (d.length < 3 || !/[a-záéíóúñ]{2}/i.test(d) || quantity < 1) return false;
    items.push({ description: d, quantity, unitPriceUsdCents: unitPrice(price, quantity, rules) });
    for (const i of at) used.add(i);
    return true;
  };
  /** One line read: whether it gave an item. */
  const readLine = (line: string, i: number): boolean => {
    if (used.has(i)) return false;
    // "2 x USB-C cable  $6.98" / "Nike Tee x2  $25.00" / "AirPods Pro  Qty 1  $249.00", on one line.
    const lead = /^(\d{1,3})\s?[x×]\s+(.+)$/i.exec(line);
    const trail = /^(.+?)\s+[x×]\s?(\d{1,3})\b(.*)$/i.exec(line);
    const labelled = QTY.exec(line);
    const price = lastAmount(line);
    const before = labelled ? line.slice(0, labelled.index).trim() : '';
    if (lead && price !== null && !NOT_ITEM.test(lead[2])) return push(lead[2], Number(lead[1]), price, [i]);
    if (trail && !labelled && !NOT_ITEM.test(trail[1]) && (price !== null || /^\s*$/.test(trail[3]))) {
      // "US $4.12 x 3" under the description: the price first, the description above.
      const above = cleanDescription(trail[1]).length < 3 ? descriptionAbove(lines, i, used) : i;
      if (above === null) return false;
      const p = price !== null ? { price, at: i } : followingPrice(lines, i, used);
      return push(
        above === i ? trail[1] : lines[above],
        Number(trail[2]),
        p?.price ?? null,
        p ? [above, i, p.at] : [above, i],
      );
    }
    if (labelled && before.replace(/[^a-z]/gi, '').length >= 3 && !NOT_ITEM.test(before) && !ATTRIBUTE.test(before))
      return push(before, Number(labelled[1]), price, [i]);
    if (labelled) {
      // The quantity on a line of its own: the description is the nearest line above that is not
      // an attribute, a price or a label; the price is on this line, just below, or between.
      const at = descriptionAbove(lines, i, used, rules.subtitle);
      if (at === null) return false;
      const p = price !== null ? { price, at: i } : (followingPrice(lines, i, used) ?? priceBetween(lines, at, i));
      return push(lines[at], Number(labelled[1]), p?.price ?? null, p ? [at, i, p.at] : [at, i]);
    }
    // An invoice's columns: "JBL Flip 6 Portable Speaker   1   $99.99".
    const columns = /^(.+?)\s+(\d{1,3})\s+(?:US\s?\$|USD|\$)\s?[\d.,]+\s*$/i.exec(line);
    if (rules.loosePriceLines && columns && price !== null && !NOT_ITEM.test(columns[1]))
      return push(columns[1], Number(columns[2]), price, [i]);
    if (rules.loosePriceLines && price !== null && !NOT_ITEM.test(line) && amountsIn(line).length === 1) {
      const d = cleanDescription(line);
      if (d.replace(/[^a-z]/gi, '').length >= 3 && !ATTRIBUTE.test(d)) return push(d, 1, price, [i]);
    }
    return false;
  };
  for (const [i, line] of lines.entries()) readLine(line, i);
  return items;
}

const plain = (l: string) =>
  !ATTRIBUTE.test(l) && !PRICE_ONLY.test(l) && !NOT_ITEM.test(l) && !QTY.test(l) && amountsIn(l).length === 0;

function descriptionAbove(lines: string[], i: number, used: Set<number>, subtitle = false): number | null {
  for (let j = i - 1; j >= Math.max(0, i - 4); j--) {
    if (used.has(j)) return null;
    const l = lines[j];
    if (ATTRIBUTE.test(l) || PRICE_ONLY.test(l)) continue;
    if (NOT_ITEM.test(l) || QTY.test(l)) return null;
    if (cleanDescription(l).length < 3) return null;
    return subtitle && j > 0 && !used.has(j - 1) && plain(lines[j - 1]) ? j - 1 : j;
  }
  return null;
}

function followingPrice(lines: string[], i: number, used: Set<number>) {
  for (let j = i + 1; j <= Math.min(lines.length - 1, i + 2); j++) {
    if (used.has(j) || QTY.test(lines[j]) || NOT_ITEM.test(lines[j])) return null;
    if (PRICE_ONLY.test(lines[j])) return { price: lastAmount(lines[j])!, at: j };
    if (!ATTRIBUTE.test(lines[j])) return null;
  }
  return null;
}

function priceBetween(lines: string[], from: number, to: number) {
  for (let j = from + 1; j < to; j++) if (PRICE_ONLY.test(lines[j])) return { price: lastAmount(lines[j])!, at: j };
  return null;
}
