// The settlement's dry run (docs/product/customs.md#settled-against-what-customs-charged): the
// broker's file read and each line matched with a shipment of the departure (by its guía or its
// code) and its estimate, and what each difference would become at the administrator's threshold.
// Changes nothing; the apply (apply.ts) runs the same check again inside its transaction.
import { inArray } from 'drizzle-orm';
import {
  CUSTOMS_SETTLEMENT_MESSAGES as M,
  absolutePercentageErrorBp,
  settlementOutcome,
  type CustomsCategory,
  type CustomsSettlementInput,
  type SettlementOutcome,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { customsSettlements } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { findDeparture } from '../../queries/departures';
import { departureShipmentsForSettlement, settlementThreshold } from '../../queries/customs-settlement';
import { guiaKey, parseBrokerFile } from './parse';

export type SettlementRow = {
  line: number;
  guia: string;
  shipmentId: string;
  shipmentCode: string;
  userId: string;
  customer: string;
  category: CustomsCategory;
  estimateUsdCents: number;
  paidUsdCents: number;
  differenceUsdCents: number;
  outcome: SettlementOutcome;
  apeBasisPoints: number | null;
  /** Already settled with this same figure: nothing happens to it again. */
  repeated: boolean;
};

export type SettlementCheck = {
  departure: { id: string; code: string };
  thresholdUsdCents: number;
  rows: SettlementRow[];
  errors: string[];
  message: string;
};

/** Reads and checks the file against the departure; errors are listed, never thrown (the dry run shows them). */
export async function checkSettlement(
  db: DbOrTx,
  input: Pick<CustomsSettlementInput, 'departureId' | 'csv'>,
): Promise<SettlementCheck> {
  const departure = await findDeparture(db, input.departureId);
  if (!departure) throw new DomainError('NOT_FOUND', M.departureNotFound);
  const base = { departure: { id: departure.id, code: departure.code } };
  // After release: a departure still open has not left.
  if (departure.status === 'open') {
    const errors = [M.departureOpen(departure.code)];
    return { ...base, thresholdUsdCents: 0, rows: [], errors, message: errors[0]! };
  }
  const parsed = parseBrokerFile(input.csv);
  const [thresholdUsdCents, shipments] = await Promise.all([
    settlementThreshold(db),
    departureShipmentsForSettlement(db, departure.id),
  ]);
  const byKey = new Map<string, (typeof shipments)[number]>();
  for (const s of shipments) {
    byKey.set(guiaKey(s.shipmentCode), s);
    if (s.trackingNumber && guiaKey(s.trackingNumber) !== '') byKey.set(guiaKey(s.trackingNumber), s);
  }
  const matched = parsed.lines.flatMap((l) => {
    const s = byKey.get(l.key);
    return s ? [{ l, s }] : [];
  });
  const settled = matched.length
    ? await db
        .select({ shipmentId: customsSettlements.shipmentId, paidUsdCents: customsSettlements.paidUsdCents })
        .from(customsSettlements)
        .where(
          inArray(
            customsSettlements.shipmentId,
            matched.map((m) => m.s.shipmentId),
          ),
        )
    : [];
  const settledPaid = new Map(settled.map((r) => [r.shipmentId, r.paidUsdCents]));

  const errors = [...parsed.errors];
  const rows: SettlementRow[] = [];
  const lineOfShipment = new Map<string, number>();
  for (const l of parsed.lines) {
    const s = byKey.get(l.key);
    if (!s) {
      errors.push(M.unknownGuia(l.line, l.guia, departure.code));
      continue;
    }
    // The same shipment by its guía on one line and by its code on another.
    const first = lineOfShipment.get(s.shipmentId);
    if (first !== undefined) {
      errors.push(M.duplicated(l.line, l.guia, first));
      continue;
    }
    lineOfShipment.set(s.shipmentId, l.line);
    const before = settledPaid.get(s.shipmentId);
    if (before !== undefined && before !== l.paidUsdCents) {
      errors.push(M.alreadySettled(l.line, l.guia, before));
      continue;
    }
    if (s.estimateUsdCents === null) {
      errors.push(M.noEstimate(l.line, s.shipmentCode));
      continue;
    }
    const differenceUsdCents = l.paidUsdCents - s.estimateUsdCents;
    rows.push({
      line: l.line,
      guia: l.guia,
      shipmentId: s.shipmentId,
      shipmentCode: s.shipmentCode,
      userId: s.userId,
      customer: s.customer,
      category: s.category,
      estimateUsdCents: s.estimateUsdCents,
      paidUsdCents: l.paidUsdCents,
      differenceUsdCents,
      outcome: settlementOutcome(differenceUsdCents, thresholdUsdCents),
      apeBasisPoints: absolutePercentageErrorBp(s.estimateUsdCents, l.paidUsdCents),
      repeated: before !== undefined,
    });
  }
  const repeated = rows.filter((r) => r.repeated).length;
  const message =
    errors.length > 0
      ? refusal(errors)
      : repeated === rows.length
        ? M.nothingToApply
        : M.checked(rows.length - repeated, repeated);
  return { ...base, thresholdUsdCents, rows, errors, message };
}

/** The first errors, one per line, how many more, and that nothing changed. */
export function refusal(errors: string[], shown = 10): string {
  const more = errors.length - shown;
  return [...errors.slice(0, shown), ...(more > 0 ? [M.moreErrors(more)] : []), M.nothingChanged].join('\n');
}
