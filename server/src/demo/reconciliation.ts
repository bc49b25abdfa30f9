// The bank's statement in Conciliación (docs/decisions/021-billing-in-bolivares.md): this morning
// the cashier uploaded the bank's CSV of the last days, as she does on /admin/conciliacion. Its
// credits are the Pago Móvil payments customers reported in bolívares (María's for her compra,
// waiting: it matches her report and is approved with one click) and a transfer nobody reported
// (to assign to a customer); the bank's commission is a debit, left out.
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { caracasDay, statementUploadInput } from '@casillero/shared';
import { bankStatements, paymentTransactions } from '../db/schema';
import { uploadStatement } from '../services/reconciliation/statement';
import { asStaff, at, endStaffWork, redate, type DemoCast, type DemoContext } from './context';

/** The bank writes the day as dd/mm/aaaa and the amount as «1234,56». */
const bankDay = (when: Date) => caracasDay(when).split('-').reverse().join('/');
const bankAmount = (centimos: number) => `${Math.trunc(centimos / 100)},${String(centimos % 100).padStart(2, '0')}`;

export async function uploadBankStatement(ctx: DemoContext, cast: DemoCast): Promise<void> {
  const reported = await ctx.tx
    .select({
      reference: paymentTransactions.paymentReference,
      vesCentimos: paymentTransactions.amountVesCents,
      reportedAt: paymentTransactions.reportedAt,
    })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.currency, 'VES'),
        inArray(paymentTransactions.status, ['pending', 'completed']),
        isNotNull(paymentTransactions.paymentReference),
        isNotNull(paymentTransactions.amountVesCents),
        isNotNull(paymentTransactions.reportedAt),
      ),
    )
    .orderBy(desc(paymentTransactions.reportedAt))
    .limit(4);
  const uploadedAt = at(ctx, 0, 3);
  const lines = [
    'Fecha;Referencia;Descripción;Monto (Bs.)',
    ...reported
      .reverse()
      .map((p) => `${bankDay(p.reportedAt!)};${p.reference};PAGO MOVIL RECIBIDO;${bankAmount(p.vesCentimos!)}`),
    `${bankDay(at(ctx, 1))};40917733;TRANSFERENCIA RECIBIDA BANESCO;${bankAmount(245_000)}`,
    `${bankDay(at(ctx, 1))};00012544;COMISION MANTENIMIENTO CUENTA;-${bankAmount(12_500)}`,
  ];
  const input = statementUploadInput.parse({
    fileName: `banco-movimientos-${caracasDay(uploadedAt)}.csv`,
    content: lines.join('\r\n'),
  });
  const { statementId } = await asStaff(ctx, cast.staff.caja, 'reconciliation.upload', () =>
    uploadStatement(ctx.db, input, cast.staff.caja.id),
  );
  await endStaffWork(ctx);
  await redate(ctx, bankStatements, bankStatements.id, [{ key: statementId, dates: { createdAt: uploadedAt } }]);
}
