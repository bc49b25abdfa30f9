import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { usdCentsToVesCentimos } from '@casillero/shared';
import { paymentTransactions } from '../../db/schema';
import { idPrefixRange } from '../../queries/payments';
import { TEST_APP_URL, trpcError } from '../../test/caller';
import { signedInCustomer } from '../../test/factories';
import {
  RATE,
  adminCaller,
  as,
  db,
  insertPayment,
  reportedActivation,
  useAdminPayments,
  type Customer,
} from '../../test/admin-payments';

useAdminPayments();

describe('payments.list, count, summary and detail', () => {
  let iris: Customer;
  let irisActivation: Awaited<ReturnType<typeof reportedActivation>>;
  /** What Iris's $9.99 activation is in Bs. at the rate frozen in its invoice. */
  const IRIS_VES_CENTS = usdCentsToVesCentimos(999, RATE);
  beforeAll(async () => {
    // Another customer's payments, older than Iris's, so the list has more than a page of ten, and
    // completed and failed ones among them.
    const other = await signedInCustomer(db(), { nombre: 'Otro Pagador' });
    const statuses = [
      'completed',
      'completed',
      'failed',
      ...Array.from({ length: 9 }, () => 'pending' as const),
    ] as const;
    for (const [i, status] of statuses.entries())
      await insertPayment(other.user.id, {
        type: 'shipping_payment',
        amountUsdCents: 2500 + i,
        status,
        createdAt: new Date(Date.now() - (i + 1) * 86_400_000),
      });
    iris = await signedInCustomer(db(), { nombre: 'Iris Zambrano Listados', type: 'china' });
    irisActivation = await reportedActivation(iris, 'pago_movil');
    await insertPayment(iris.user.id, { type: 'course_purchase', amountUsdCents: 12000, status: 'cancelled' });
  });

  it('lists newest first with customer, type, amount (in Bs. too), method, reference, invoice, status and the receipt', async () => {
    const page = await adminCaller.payments.list({});
    expect(page.page).toBe(1);
    const times = page.rows.map((r) => new Date(r.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const row = page.rows.find((r) => r.id === irisActivation.id)!;
    expect(row).toMatchObject({
      customerName: 'Iris Zambrano Listados',
      customerEmail: iris.email,
      transactionType: 'mailbox_activation',
      amountUsdCents: 999,
      amountVesCents: IRIS_VES_CENTS,
      currency: 'VES',
      paymentMethod: 'Pago Móvil',
      paymentReference: irisActivation.reference,
      invoiceId: irisActivation.invoiceId,
      status: 'pending',
      receiptFileId: irisActivation.receiptFileId,
    });
    expect(row.invoiceNumber).toMatch(/^F-\d{4}-\d{6}$/);
  });

  it('searches by customer name, reference and id (full or its beginning)', async () => {
    const ids = async (q: string) => (await adminCaller.payments.list({ q })).rows.map((r) => r.id);
    expect(await ids('zambrano list')).toContain(irisActivation.id);
    expect(await ids(irisActivation.reference.slice(3, 12).toLowerCase())).toEqual([irisActivation.id]);
    expect(await ids(irisActivation.id)).toEqual([irisActivation.id]);
    expect(await ids(irisActivation.id.slice(0, 13))).toContain(irisActivation.id);
    expect(await ids('nadie-se-llama-asi')).toEqual([]);
    // Shorter than three characters: no search.
    expect((await adminCaller.payments.list({ q: 'zz' })).rows.length).toBeGreaterThan(1);
    expect(idPrefixRange('abc')).toEqual({
      low: 'abc00000-0000-0000-0000-000000000000',
      high: 'abcfffff-ffff-ffff-ffff-ffffffffffff',
    });
    expect(idPrefixRange('ZL7Q')).toBeNull();
  });

  it('filters by status and type, and pages', async () => {
    const byStatus = await adminCaller.payments.list({ status: 'completed' });
    expect(byStatus.rows.length).toBeGreaterThan(0);
    expect(byStatus.rows.every((r) => r.status === 'completed')).toBe(true);
    const byType = await adminCaller.payments.list({ type: 'course_purchase', q: 'Iris Zambrano' });
    expect(byType.rows.map((r) => r.status)).toEqual(['cancelled']);
    const first = await adminCaller.payments.list({ pageSize: 10 });
    const second = await adminCaller.payments.list({ pageSize: 10, page: 2 });
    expect(first.hasMore).toBe(true);
    expect(second.rows.map((r) => r.id).filter((id) => first.rows.some((r) => r.id === id))).toEqual([]);
    const oldest = await adminCaller.payments.list({ dir: 'asc', pageSize: 10 });
    expect(new Date(oldest.rows[0].createdAt).getTime()).toBeLessThanOrEqual(
      new Date(first.rows[0].createdAt).getTime(),
    );
    // A status the admin cannot choose falls back to all.
    expect((await adminCaller.payments.list({ status: 'cancelled' as never, pageSize: 10 })).rows).toHaveLength(10);
  });

  it('summarises counts and sums by status in SQL, matching the rows, and counts the filtered set', async () => {
    const all = await db()
      .select({
        status: paymentTransactions.status,
        amountUsdCents: paymentTransactions.amountUsdCents,
        transactionType: paymentTransactions.transactionType,
      })
      .from(paymentTransactions);
    const summary = await adminCaller.payments.summary();
    for (const status of ['pending', 'completed', 'failed', 'cancelled'] as const) {
      const mine = all.filter((p) => p.status === status);
      expect(summary.byStatus[status].count).toBe(mine.length);
      expect(summary.byStatus[status].amountUsdCents).toBeCloseTo(
        mine.reduce((s, p) => s + p.amountUsdCents, 0),
        2,
      );
    }
    expect(summary.total.count).toBe(all.length);
    expect(summary.byStatus.cancelled).toEqual({ count: 1, amountUsdCents: 12000 });

    // The count is the bounded filtered count only; the page takes the total from the summary.
    expect(await adminCaller.payments.count({})).toEqual({ count: all.length, isCapped: false });
    expect(await adminCaller.payments.count({ status: 'failed' })).toEqual({
      count: summary.byStatus.failed.count,
      isCapped: false,
    });
    expect(await adminCaller.payments.count({ q: 'Iris Zambrano', type: 'mailbox_activation' })).toEqual({
      count: 1,
      isCapped: false,
    });
    expect(await adminCaller.payments.count({ type: 'course_purchase' })).toEqual({
      count: all.filter((p) => p.transactionType === 'course_purchase').length,
      isCapped: false,
    });
  });

  it('details show every field and the receipt opens through a signed link for the admin only', async () => {
    const detail = await adminCaller.payments.detail({ id: irisActivation.id });
    expect(detail).toMatchObject({
      customerName: 'Iris Zambrano Listados',
      amountUsdCents: 999,
      amountVesCents: IRIS_VES_CENTS,
      currency: 'VES',
      transactionType: 'mailbox_activation',
      paymentMethod: 'Pago Móvil',
      invoiceId: irisActivation.invoiceId,
      paymentReference: irisActivation.reference,
      customerNote: 'Pagué desde la cuenta de mi hermana',
      adminNotes: null,
      mailboxStatus: 'inactive',
      mailboxCountry: 'CHINA',
      receiptFileId: irisActivation.receiptFileId,
      trackings: [],
    });
    expect(detail.description).toMatch(/^Activación de casillero BJS/);
    const link = await adminCaller.files.link({ id: detail.receiptFileId! });
    const exp = Number(new URL(link.url, TEST_APP_URL).searchParams.get('exp'));
    expect(exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(3590);
    expect(exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(3600);
    const stranger = await signedInCustomer(db(), { nombre: 'Extraño' });
    expect((await trpcError(as(stranger).files.link({ id: detail.receiptFileId! }))).code).toBe('NOT_FOUND');
    expect((await trpcError(adminCaller.payments.detail({ id: randomUUID() }))).code).toBe('NOT_FOUND');
  });
});
