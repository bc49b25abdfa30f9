// Compra asistida's steps (docs/product/compra-asistida.md): the customer asks (items, casillero)
// or cancels (here); staff quote and the customer accepts (quote.ts: an invoice at the day's rate,
// paid like any other; paid.ts once it is paid in full); staff buy, the difference being credit or
// an extra invoice, and enter the store's trackings (purchase.ts); an item the store failed on is
// cancelled or repriced (store-failures.ts). Each step locks the request's row, is audited (table
// triggers) and tells the customer.
import { and, asc, eq } from 'drizzle-orm';
import {
  COMPRA_MESSAGES as M,
  COMPRA_NOTICES,
  COMPRAS_PATH,
  compraCode,
  type CompraSettings,
  type compraCreateInput,
  type z,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { mailboxes, purchaseRequestItems, purchaseRequests, type PurchaseRequestRow } from '../../db/schema';
import { saveAuditedSetting } from '../../audit/app-settings';
import { DomainError } from '../../lib/domain-error';
import { COMPRA_SETTINGS_KEY, getCompraSettings } from '../../queries/compras';
import { notifyUser } from '../notify';

export type Options = { appUrl?: string; now?: Date };

export async function tell(
  tx: DbOrTx,
  request: Pick<PurchaseRequestRow, 'userId' | 'id'>,
  notice: { title: string; message: string },
  options: Options,
  type: 'general' | 'payment' = 'general',
) {
  await notifyUser(
    tx,
    request.userId,
    { ...notice, type, link: `${COMPRAS_PATH}?id=${request.id}` },
    { kind: 'status_changed', email: 'default', appUrl: options.appUrl },
  );
}

/** The request, locked until the transaction ends (a customer's own with `customerId`: another's is not found). */
export async function lockRequest(tx: DbOrTx, id: string, customerId?: string) {
  const [request] = await tx
    .select()
    .from(purchaseRequests)
    .where(and(eq(purchaseRequests.id, id), customerId ? eq(purchaseRequests.userId, customerId) : undefined))
    .for('update');
  if (!request) throw new DomainError('NOT_FOUND', M.notFound);
  return request;
}

export const itemsOf = (tx: DbOrTx, requestId: string) =>
  tx
    .select()
    .from(purchaseRequestItems)
    .where(eq(purchaseRequestItems.requestId, requestId))
    .orderBy(asc(purchaseRequestItems.position));

/** The customer asks us to buy: 1 to 20 items, to one of their active Miami or Beijing casilleros. */
export async function createCompra(
  tx: DbOrTx,
  customerId: string,
  input: z.output<typeof compraCreateInput>,
  options: Options = {},
) {
  const [box] = await tx
    .select({ id: mailboxes.id, status: mailboxes.status, location: mailboxes.location })
    .from(mailboxes)
    .where(and(eq(mailboxes.id, input.mailboxId), eq(mailboxes.userId, customerId)));
  if (!box) throw new DomainError('NOT_FOUND', M.mailboxInvalid);
  if (box.status !== 'active' || (box.location !== 'miami' && box.location !== 'beijing'))
    throw new DomainError('BAD_INPUT', M.mailboxInvalid);
  const now = options.now ?? new Date();
  const [request] = await tx
    .insert(purchaseRequests)
    .values({ userId: customerId, mailboxId: box.id, notes: input.notes, createdAt: now, updatedAt: now })
    .returning();
  await tx.insert(purchaseRequestItems).values(
    input.items.map((item, position) => ({
      requestId: request!.id,
      position,
      url: item.url,
      name: item.name,
      options: item.options,
      quantity: item.quantity,
      customerPriceUsdCents: item.priceUsdCents,
      notes: item.notes,
    })),
  );
  const code = compraCode(request!.number);
  await tell(tx, request!, COMPRA_NOTICES.requested(code), options);
  return { id: request!.id, code, message: M.created(code) };
}

/** The customer cancels before accepting the quote. */
export async function cancelCompra(tx: DbOrTx, customerId: string, id: string, options: Options = {}) {
  const request = await lockRequest(tx, id, customerId);
  if (request.status !== 'requested' && request.status !== 'quoted') throw new DomainError('CONFLICT', M.cannotCancel);
  const now = options.now ?? new Date();
  await tx
    .update(purchaseRequests)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(eq(purchaseRequests.id, request.id));
  await tell(tx, request, COMPRA_NOTICES.cancelled(compraCode(request.number)), options);
  return { id: request.id, message: M.cancelled };
}

/** The administrator's fee settings, locked and audited (audit/app-settings.ts). */
export async function setCompraSettings(tx: DbOrTx, next: CompraSettings): Promise<CompraSettings> {
  const after: CompraSettings = {
    feeBasisPoints: next.feeBasisPoints,
    feeMinimumUsdCents: next.feeMinimumUsdCents,
    validHours: next.validHours,
  };
  await saveAuditedSetting(tx, COMPRA_SETTINGS_KEY, after, () => getCompraSettings(tx));
  return after;
}
