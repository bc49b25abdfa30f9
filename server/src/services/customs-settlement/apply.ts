// The settlement applied (docs/product/customs.md#settled-against-what-customs-charged), in the
// staff mutation's one audited transaction: the file is checked again and refused whole on any
// error; then each shipment not yet settled gets its settlement row, and a difference over the
// threshold its ledger entry (an adjustment on account: positive, a charge; negative, a credit)
// and the customer's notice with both figures in USD and Bs.
//
// Once only: each shipment's row is locked before it is looked at, so of two imports of the same
// file the second finds the first's settlement and skips it (a repeated line changes nothing); the
// unique index on customs_settlements.shipment_id refuses a second settlement besides.
import { inArray } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  CUSTOMS_SETTLEMENT_MESSAGES as M,
  usdCentsToVesCentimos,
  type CustomsSettlementInput,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { customsSettlements, shipments } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { todayRate } from '../../queries/billing';
import { recordLedgerCorrection } from '../billing/ledger';
import { notifyUser } from '../notify';
import { checkSettlement, refusal, type SettlementRow } from './check';

export type SettlementResult = {
  settled: number;
  charges: number;
  credits: number;
  absorbed: number;
  repeated: number;
  message: string;
};

export async function applySettlement(
  tx: DbOrTx,
  input: CustomsSettlementInput,
  staffId: string,
  options: { appUrl?: string; now?: Date } = {},
): Promise<SettlementResult> {
  const candidates = (await checkSettlement(tx, input)).rows.filter((r) => !r.repeated);
  // Lock the shipments in one order, then check again what another import may have settled meanwhile.
  if (candidates.length > 0)
    await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(
        inArray(
          shipments.id,
          candidates.map((r) => r.shipmentId),
        ),
      )
      .orderBy(shipments.id)
      .for('update');
  const check = await checkSettlement(tx, input);
  if (check.errors.length > 0)
    throw new DomainError('BAD_INPUT', refusal(check.errors), { details: { errors: check.errors } });
  const rows = check.rows.filter((r) => !r.repeated);
  const { rate } = await todayRate(tx, options.now);
  for (const row of rows)
    await settleOne(tx, row, { ...input, thresholdUsdCents: check.thresholdUsdCents }, staffId, rate, options);
  const count = (o: SettlementRow['outcome']) => rows.filter((r) => r.outcome === o).length;
  const result = {
    settled: rows.length,
    charges: count('charge'),
    credits: count('credit'),
    absorbed: count('absorbed'),
    repeated: check.rows.length - rows.length,
  };
  const message =
    rows.length === 0
      ? M.nothingToApply
      : M.applied(result.settled, result.charges, result.credits, result.absorbed, result.repeated);
  return { ...result, message };
}

async function settleOne(
  tx: DbOrTx,
  row: SettlementRow,
  input: CustomsSettlementInput & { thresholdUsdCents: number },
  staffId: string,
  rate: { vesPerUsd: string } | null,
  options: { appUrl?: string },
) {
  let ledgerEntryId: number | null = null;
  if (row.outcome !== 'absorbed') {
    const reason = row.outcome === 'charge' ? M.ledgerCharge(row.shipmentCode) : M.ledgerCredit(row.shipmentCode);
    // Not a correction someone chose (it is the broker's figure against the estimate): no second approval.
    const entry = await recordLedgerCorrection(
      tx,
      staffId,
      { userId: row.userId, kind: 'adjustment', usdCents: row.differenceUsdCents, reason },
      BILLING_MESSAGES.refundExceedsCredit,
    );
    ledgerEntryId = Number(entry.id);
  }
  await tx.insert(customsSettlements).values({
    shipmentId: row.shipmentId,
    departureId: input.departureId,
    userId: row.userId,
    guia: row.guia,
    category: row.category,
    estimateUsdCents: row.estimateUsdCents,
    paidUsdCents: row.paidUsdCents,
    differenceUsdCents: row.differenceUsdCents,
    thresholdUsdCents: input.thresholdUsdCents,
    outcome: row.outcome,
    apeBasisPoints: row.apeBasisPoints,
    ledgerEntryId,
    fileName: input.fileName,
    createdBy: staffId,
  });
  if (row.outcome === 'absorbed') return;
  const ves = (usd: number) => (rate ? usdCentsToVesCentimos(usd, rate.vesPerUsd) : null);
  await notifyUser(
    tx,
    row.userId,
    {
      title: M.noticeTitle(row.shipmentCode),
      message: M.noticeMessage({
        shipment: row.shipmentCode,
        outcome: row.outcome,
        estimateUsd: row.estimateUsdCents,
        estimateVes: ves(row.estimateUsdCents),
        paidUsd: row.paidUsdCents,
        paidVes: ves(row.paidUsdCents),
        differenceUsd: Math.abs(row.differenceUsdCents),
        differenceVes: ves(Math.abs(row.differenceUsdCents)),
      }),
      type: 'payment',
      link: '/dashboard/facturas',
    },
    { kind: 'payment', email: 'default', appUrl: options.appUrl, dedupeKey: `customs-settlement:${row.shipmentId}` },
  );
}
