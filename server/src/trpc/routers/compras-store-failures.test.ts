// When the store fails on an item of a paid request (docs/product/compra-asistida.md#when-the-store-fails):
// out of stock or a new price, the customer told; cancelling gives the item's share back as credit,
// a higher price accepted is an extra invoice and a lower one credit; and the refusals.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMPRA_MESSAGES as M } from '@casillero/shared';
import { auditLog, invoices, ledgerEntries, purchaseRequestItems } from '../../db/schema';
import { trpcError } from '../../test/caller';
import type { CustomerWithMailbox } from '../../test/factories';
import {
  almacen,
  as,
  atencion,
  balanceOf,
  carlos,
  db,
  maria,
  noticesOf,
  payInBolivares,
  quoted,
  receiptOf,
  row,
  useComprasDesk,
} from '../../test/compras';

useComprasDesk();

describe('when the store fails on an item', () => {
  /** A paid request of the two items (25.702 cents: 21.998 of items, 10,00 tax, 8,00 shipping, 19,04 fee). */
  async function paid(customer: CustomerWithMailbox) {
    const { id } = await quoted(customer);
    const { invoiceId } = await as(customer).compras.accept({ id });
    await payInBolivares(customer, invoiceId);
    const { items } = await as(atencion).compras.adminDetail({ id });
    return { id, items };
  }
  const itemRow = async (id: string) =>
    (await db().select().from(purchaseRequestItems).where(eq(purchaseRequestItems.id, id)))[0]!;

  it('out of stock: María is told, cancels it, its share comes back as credit; choosing twice is refused', async () => {
    const { id, items } = await paid(maria);
    const [shoes, watch] = items;
    const noticesBefore = (await noticesOf(maria.user.id)).length;
    const marked = await as(atencion).compras.markItemIssue({
      id,
      itemId: shoes!.id,
      issue: 'out_of_stock',
      note: 'La tienda no tiene la talla 38.',
    });
    expect(marked.message).toBe(M.issueMarked);
    const notices = await noticesOf(maria.user.id);
    expect(notices.length).toBe(noticesBefore + 1);
    expect(notices.at(-1)!.title).toContain('Zapatos de correr está agotado');
    const seen = await as(maria).compras.detail({ id });
    expect(seen.items[0]).toMatchObject({ issue: 'out_of_stock', issueResolution: null });

    // An out-of-stock item can only be cancelled.
    const accept = await trpcError(as(maria).compras.chooseItem({ id, itemId: shoes!.id, choice: 'accept' }));
    expect(accept.message).toBe(M.outOfStockOnlyCancel);
    // Carlos cannot choose on María's request.
    const foreign = await trpcError(as(carlos).compras.chooseItem({ id, itemId: shoes!.id, choice: 'cancel' }));
    expect(foreign.code).toBe('NOT_FOUND');
    // The purchase waits for her choice.
    const early = await trpcError(
      as(atencion).compras.recordPurchase({
        id,
        storeOrderNumber: 'ORD-WAIT',
        finalUsdCents: 13_000,
        receiptFileId: (await receiptOf(maria)).id,
      }),
    );
    expect(early.message).toBe(M.issuePending);

    const before = await balanceOf(maria.user.id);
    const cancelled = await as(maria).compras.chooseItem({ id, itemId: shoes!.id, choice: 'cancel' });
    // 2 × 49,99 + 4,54 tax + 3,64 shipping + 8,65 fee (compraItemShare's table).
    expect(cancelled).toMatchObject({ creditUsdCents: 11_681, message: M.itemCancelled('$116,81') });
    expect(await balanceOf(maria.user.id)).toBe(before - 11_681);
    const r = await itemRow(shoes!.id);
    expect(r).toMatchObject({
      issueResolution: 'cancelled',
      issueCreditUsdCents: 11_681,
      issueStoreDeltaUsdCents: -10_816,
    });
    const [entry] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.id, r.issueCreditLedgerEntryId!));
    expect(entry).toMatchObject({ usdCents: -11_681, kind: 'adjustment', userId: maria.user.id });

    const twice = await trpcError(as(maria).compras.chooseItem({ id, itemId: shoes!.id, choice: 'cancel' }));
    expect(twice.message).toBe(M.alreadyChosen);
    expect(await balanceOf(maria.user.id)).toBe(before - 11_681);
    // Marking it again is refused.
    const again = await trpcError(
      as(atencion).compras.markItemIssue({ id, itemId: shoes!.id, issue: 'out_of_stock', note: 'Otra vez' }),
    );
    expect(again.message).toBe(M.issueAlreadyMarked);

    // The store now charges the watch's part: 120,00 + 5,46 tax + 4,36 shipping = 129,82, no difference.
    const bought = await as(atencion).compras.recordPurchase({
      id,
      storeOrderNumber: 'ORD-ONE',
      finalUsdCents: 12_982,
      receiptFileId: (await receiptOf(maria)).id,
    });
    expect(bought.differenceUsdCents).toBe(0);
    // Once bought, no item can be marked.
    const late = await trpcError(
      as(atencion).compras.markItemIssue({ id, itemId: watch!.id, issue: 'out_of_stock', note: 'Tarde' }),
    );
    expect(late.message).toBe(M.issueNotPaid);
    // Every change is audited, naming who made it.
    // (an item's entries name its request).
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.filter((e) => e.entity === 'purchase_request_items').map((e) => e.action)).toEqual(
      expect.arrayContaining(['compras.markItemIssue', 'compras.chooseItem']),
    );
  });

  it('a higher price accepted is an extra invoice; a lower one is credit; cancelling every item cancels the request', async () => {
    const { id, items } = await paid(carlos);
    const [shoes, watch] = items;
    await as(atencion).compras.markItemIssue({
      id,
      itemId: shoes!.id,
      issue: 'price_changed',
      newPriceUsdCents: 5_499,
      note: 'Subió el precio.',
    });
    expect((await noticesOf(carlos.user.id)).at(-1)!.message).toContain('Antes $49,99, ahora $54,99.');
    const accepted = await as(carlos).compras.chooseItem({ id, itemId: shoes!.id, choice: 'accept' });
    const [extra] = await db().select().from(invoices).where(eq(invoices.id, accepted.invoiceId!));
    expect(extra).toMatchObject({ usdCents: 1_000, concept: 'assisted_purchase', userId: carlos.user.id });
    expect(accepted.message).toBe(M.itemAcceptedExtra(extra!.number));
    const seen = await as(carlos).compras.detail({ id });
    expect(seen.items[0]).toMatchObject({ issueResolution: 'accepted', issueInvoiceNumber: extra!.number });

    await as(atencion).compras.markItemIssue({
      id,
      itemId: watch!.id,
      issue: 'price_changed',
      newPriceUsdCents: 11_001,
      note: 'Bajó el precio.',
    });
    const before = await balanceOf(carlos.user.id);
    const lower = await as(carlos).compras.chooseItem({ id, itemId: watch!.id, choice: 'accept' });
    expect(lower).toMatchObject({ invoiceId: null, message: M.itemAcceptedCredit('$9,99') });
    expect(await balanceOf(carlos.user.id)).toBe(before - 999);
    // What the store should charge now: 237,98 + 10,00 − 9,99 = 238,09; the store charged that.
    const bought = await as(atencion).compras.recordPurchase({
      id,
      storeOrderNumber: 'ORD-PRICES',
      finalUsdCents: 23_798 + 1_000 - 999,
      receiptFileId: (await receiptOf(carlos)).id,
    });
    expect(bought.differenceUsdCents).toBe(0);

    // Another request: both items out of stock and cancelled gives back everything paid.
    const other = await paid(carlos);
    const start = await balanceOf(carlos.user.id);
    for (const item of other.items) {
      await as(atencion).compras.markItemIssue({
        id: other.id,
        itemId: item.id,
        issue: 'out_of_stock',
        note: 'Agotado.',
      });
      await as(carlos).compras.chooseItem({ id: other.id, itemId: item.id, choice: 'cancel' });
    }
    expect(await balanceOf(carlos.user.id)).toBe(start - 25_702);
    expect(await row(other.id)).toMatchObject({ status: 'cancelled' });
  });

  it('refuses marking an unpaid request, a price of 0 or negative, the same price, and staff without the permission', async () => {
    const { id } = await quoted(maria);
    const { items } = await as(atencion).compras.adminDetail({ id });
    const unpaid = await trpcError(
      as(atencion).compras.markItemIssue({ id, itemId: items[0]!.id, issue: 'out_of_stock', note: 'No hay.' }),
    );
    expect(unpaid.message).toBe(M.issueNotPaid);
    const { id: paidId, items: paidItems } = await paid(maria);
    for (const newPriceUsdCents of [0, -500]) {
      const err = await trpcError(
        as(atencion).compras.markItemIssue({
          id: paidId,
          itemId: paidItems[0]!.id,
          issue: 'price_changed',
          newPriceUsdCents,
          note: 'Precio',
        }),
      );
      expect(err.message).toBe(M.newPriceInvalid);
    }
    const missing = await trpcError(
      as(atencion).compras.markItemIssue({ id: paidId, itemId: paidItems[0]!.id, issue: 'price_changed', note: 'x' }),
    );
    expect(missing.message).toBe(M.newPriceInvalid);
    const same = await trpcError(
      as(atencion).compras.markItemIssue({
        id: paidId,
        itemId: paidItems[0]!.id,
        issue: 'price_changed',
        newPriceUsdCents: 4_999,
        note: 'Igual',
      }),
    );
    expect(same.message).toBe(M.newPriceSame);
    // An item of another request is not found.
    const foreign = await trpcError(
      as(atencion).compras.markItemIssue({ id: paidId, itemId: items[0]!.id, issue: 'out_of_stock', note: 'x' }),
    );
    expect(foreign.message).toBe(M.itemNotFound);
    const warehouse = await trpcError(
      as(almacen).compras.markItemIssue({ id: paidId, itemId: paidItems[0]!.id, issue: 'out_of_stock', note: 'x' }),
    );
    expect(warehouse.code).toBe('FORBIDDEN');
    // Nothing changed: no item marked; choosing on an unmarked item is refused.
    expect((await itemRow(paidItems[0]!.id)).issue).toBeNull();
    const none = await trpcError(
      as(maria).compras.chooseItem({ id: paidId, itemId: paidItems[0]!.id, choice: 'cancel' }),
    );
    expect(none.message).toBe(M.noIssue);
  });
});
