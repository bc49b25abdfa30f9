// The public API's lists by cursor (docs/product/public-api.md#pages): every row walked exactly
// once from the first page, each answer checked against the OpenAPI document the server serves;
// another customer's rows never shown, whoever's cursor is used; a cursor the API did not write
// refused in Spanish.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API_KEY_MESSAGES, encodeListCursor } from '@casillero/shared';
import { rowsOf } from '../db/client';
import { mailboxes } from '../db/schema';
import { signedInCustomer } from '../test/factories';
import {
  call,
  db,
  expectMatchesDocument,
  maria,
  newKey,
  packageOf,
  shipmentOf,
  usePublicApi,
} from '../test/public-api';

usePublicApi();

describe('cursor pages', () => {
  type Page = { items: { id: string }[]; page: number | null; total: number; nextCursor: string | null };

  /** Every page of a list by cursor, from its first page; each answer checked against the document. */
  async function walk(path: string, key: string, pageSize: number) {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const url: string = `${path}${sep}pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call('GET', url, key);
      expect(res.status, url).toBe(200);
      expectMatchesDocument('GET', path.split('?')[0]!, 200, res.body);
      pages.push(res.body as Page);
      cursor = (res.body as Page).nextCursor;
    } while (cursor && pages.length < 50);
    return pages;
  }
  const idsOf = (pages: Page[]) => pages.flatMap((p) => p.items.map((i) => i.id));

  /** `count` pre-alerts of a customer: four share each instant, the instants a microsecond apart (one millisecond for a Date). */
  async function prealertsAt(userId: string, count: number, start: string) {
    await db().execute(sql`
      insert into prealerts (user_id, description, created_at)
      select ${userId}, 'Compra ' || i,
             ${start}::timestamptz - (i / 4) * interval '1 microsecond' - (i / 8) * interval '1 minute'
      from generate_series(1, ${count}) i`);
  }
  const expectedPrealerts = async (userId: string) =>
    rowsOf<{ id: string }>(
      await db().execute(sql`select id from prealerts where user_id = ${userId} order by created_at desc, id desc`),
    ).map((r) => r.id);

  it('walk every pre-alert exactly once in the list’s order, rows of equal times included', async () => {
    const ana = await signedInCustomer(db(), { nombre: 'Ana Cursor' });
    const { key } = await newKey(ana, 'read');
    await prealertsAt(ana.user.id, 23, '2026-11-01 12:00:00.000500+00');
    const expected = await expectedPrealerts(ana.user.id);
    expect(expected).toHaveLength(23);

    const pages = await walk('/prealerts', key, 5);
    expect(idsOf(pages)).toEqual(expected);
    expect(pages.map((p) => p.items.length)).toEqual([5, 5, 5, 5, 3]);
    expect(pages.map((p) => p.page)).toEqual([1, null, null, null, null]);
    expect(pages.every((p) => p.total === 23)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    // A page that ends the list exactly has no cursor after it.
    const whole = await call('GET', '/prealerts?pageSize=25', key);
    expect(whole.body.items).toHaveLength(23);
    expect(whole.body.nextCursor).toBeNull();
    // The offset pages and the cursor pages are the same pages.
    const third = await call('GET', '/prealerts?pageSize=5&page=3', key);
    expect(third.body.items.map((i: { id: string }) => i.id)).toEqual(pages[2]!.items.map((i) => i.id));
  });

  it('walk packages by their arrival (received, else created), searched and filtered as the list is', async () => {
    const leo = await signedInCustomer(db(), { nombre: 'Leo Cursor' });
    const { key } = await newKey(leo, 'read');
    const [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, leo.user.id));
    // Odd ones received (all at the same instant), even ones not yet: their creation orders them.
    await db().execute(sql`
      insert into packages (user_id, mailbox_id, tracking_number, package_description, status, received_date, created_at)
      select ${leo.user.id}, ${box!.id}, 'LEOCUR' || lpad(i::text, 3, '0'), 'Pedido ' || i,
             (case when i % 2 = 1 then 'received' else 'pending' end)::package_status,
             case when i % 2 = 1 then timestamptz '2026-11-02 08:00:00.000001+00' end,
             timestamptz '2026-11-02 08:00:00.000001+00' - (i % 3) * interval '1 microsecond'
      from generate_series(1, 14) i`);
    const expected = rowsOf<{ id: string }>(
      await db().execute(sql`
        select id from packages where user_id = ${leo.user.id}
        order by coalesce(received_date, created_at) desc, id desc`),
    ).map((r) => r.id);
    expect(idsOf(await walk('/packages', key, 4))).toEqual(expected);

    const searched = rowsOf<{ id: string }>(
      await db().execute(sql`
        select id from packages where user_id = ${leo.user.id} and tracking_number ilike '%CUR01%'
        order by coalesce(received_date, created_at) desc, id desc`),
    ).map((r) => r.id);
    expect(searched).toHaveLength(5);
    expect(idsOf(await walk('/packages?search=cur01', key, 2))).toEqual(searched);
    // A term too short for trigrams is a statement of its own: the same matches.
    expect(idsOf(await walk('/packages?search=r0', key, 5))).toEqual(expected);
    expect(idsOf(await walk('/packages?search=14', key, 5))).toEqual(
      rowsOf<{ id: string }>(
        await db().execute(sql`
          select id from packages where user_id = ${leo.user.id}
            and (tracking_number ilike '%14%' or package_description ilike '%14%' or sender_name ilike '%14%')
          order by coalesce(received_date, created_at) desc, id desc`),
      ).map((r) => r.id),
    );
    const receivedIds = rowsOf<{ id: string }>(
      await db().execute(sql`
        select id from packages where user_id = ${leo.user.id} and status = 'received'
        order by coalesce(received_date, created_at) desc, id desc`),
    ).map((r) => r.id);
    const received = await walk('/packages?status=received', key, 3);
    expect(idsOf(received)).toEqual(receivedIds);
    expect(received.every((p) => p.total === 7)).toBe(true);
  });

  it('walk shipments and invoices by cursor too', async () => {
    // A shipment of María's, with the invoice it issues, for the walks to read.
    await shipmentOf(maria, [(await packageOf(maria)).id]);
    const { key } = await newKey(maria, 'read');
    for (const path of ['/shipments', '/invoices']) {
      const first = await call('GET', `${path}?pageSize=100`, key);
      const walked = idsOf(await walk(path, key, 1));
      expect(walked, path).toEqual(first.body.items.map((i: { id: string }) => i.id));
      expect(walked.length, path).toBeGreaterThan(0);
    }
  });

  it('never show another customer’s rows, whoever’s cursor is used', async () => {
    const ana = await signedInCustomer(db(), { nombre: 'Ana Ajena' });
    const beto = await signedInCustomer(db(), { nombre: 'Beto Ajeno' });
    const { key: anaKey } = await newKey(ana, 'read');
    const { key: betoKey } = await newKey(beto, 'read');
    await prealertsAt(ana.user.id, 12, '2026-11-03 12:00:00+00');
    await prealertsAt(beto.user.id, 12, '2026-11-03 12:00:00+00');
    const anaFirst = await call('GET', '/prealerts?pageSize=6', anaKey);
    const anaIds = await expectedPrealerts(ana.user.id);
    const betoIds = await expectedPrealerts(beto.user.id);

    // Ana's cursor in Beto's hands: Beto's own rows after that instant, and Beto's total.
    const borrowed = await call('GET', `/prealerts?pageSize=100&cursor=${anaFirst.body.nextCursor}`, betoKey);
    expect(borrowed.status).toBe(200);
    const seen = borrowed.body.items.map((i: { id: string }) => i.id);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((id: string) => betoIds.includes(id))).toBe(true);
    expect(seen.some((id: string) => anaIds.includes(id))).toBe(false);
    expect(borrowed.body.total).toBe(12);
    // A cursor naming one of Ana's rows by hand tells Beto nothing either.
    const forged = encodeListCursor({ micros: '1793707200000000', id: anaIds[0]! });
    const forgedPage = await call('GET', `/prealerts?cursor=${forged}`, betoKey);
    expect(forgedPage.body.items.every((i: { id: string }) => betoIds.includes(i.id))).toBe(true);
  });

  it('refuse a cursor this API did not write, and a cursor with a page, with 400 and the Spanish message', async () => {
    const { key } = await newKey(maria, 'read');
    const uuid = '0b9c6a3e-5f1d-4c2b-9a8e-7d6f5e4c3b2a';
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of [
      '',
      'nada',
      '%%%',
      'x'.repeat(200),
      b64(`12345.${uuid}.7`),
      b64(`12345.no-es-un-id`),
      b64(`99999999999999999.${uuid}`),
      b64(`1e9.${uuid}`),
    ]) {
      const res = await call('GET', `/packages?cursor=${encodeURIComponent(cursor)}`, key);
      expect(res.status, cursor).toBe(400);
      expect(res.body, cursor).toEqual({ error: API_KEY_MESSAGES.cursorInvalid, code: 'BAD_INPUT' });
    }
    const bad = await call('GET', '/invoices?cursor=nada', key);
    expectMatchesDocument('GET', '/invoices', 400, bad.body);
    const both = await call('GET', `/prealerts?page=2&cursor=${b64(`12345.${uuid}`)}`, key);
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ error: API_KEY_MESSAGES.cursorWithPage, code: 'BAD_INPUT' });
  });
});
