// What paying an assisted purchase's invoice in full does (docs/product/compra-asistida.md#accept-and-pay):
// the request waiting for it is paid, and the customer is told. Called by billing when invoices are
// settled (an approved payment, or credit on account), inside the same transaction.
import { and, eq, inArray } from 'drizzle-orm';
import { COMPRA_NOTICES, COMPRAS_PATH, compraCode } from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { purchaseRequests } from '../../db/schema';
import { notifyUser } from '../notify';

export async function markComprasPaid(tx: DbOrTx, paidInvoiceIds: string[], now = new Date()) {
  if (paidInvoiceIds.length === 0) return;
  const paid = await tx
    .update(purchaseRequests)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(inArray(purchaseRequests.invoiceId, paidInvoiceIds), eq(purchaseRequests.status, 'accepted')))
    .returning({ id: purchaseRequests.id, userId: purchaseRequests.userId, number: purchaseRequests.number });
  for (const request of paid) {
    await notifyUser(
      tx,
      request.userId,
      { ...COMPRA_NOTICES.paid(compraCode(request.number)), type: 'payment', link: `${COMPRAS_PATH}?id=${request.id}` },
      { kind: 'status_changed', email: 'default' },
    );
  }
}
