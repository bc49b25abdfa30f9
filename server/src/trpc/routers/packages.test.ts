// Staff's packages (docs/decisions/019-warehouse-intake.md): creating one, the list and its count,
// the status and the form's choices of customer and casillero.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PACKAGE_MESSAGES as M, type PackageCreateInput } from '@casillero/shared';
import { emailOutbox, mailboxes } from '../../db/schema';
import { callerFor, trpcError } from '../../test/caller';
import { describe, expect, it } from 'vitest';
import {
  usePackages,
  config,
  adminCaller,
  ana,
  beto,
  db,
  form,
  notificationsOf,
  packageRow,
  putInShipment,
} from '../../test/packages';

usePackages();

describe('packages.create', () => {
  it('answers the spec messages for each rule', async () => {
    const cases: [Partial<PackageCreateInput>, string][] = [
      [{ userId: '' }, M.customerRequired],
      [{ mailboxId: '' }, M.mailboxRequired],
      [{ packageDescription: '   ' }, M.descriptionRequired],
      [{ weightKg: 0 }, M.weightPositive],
      [{ weightKg: -2 }, M.weightPositive],
      [{ estimatedValueUsdCents: 0 }, M.valuePositive],
      [{ status: 'in_shipment' as never }, M.statusInvalid],
    ];
    for (const [override, message] of cases) {
      const error = await trpcError(adminCaller.packages.create(form(ana, override)));
      expect(`${JSON.stringify(override)} ${error.code} ${error.message}`).toBe(
        `${JSON.stringify(override)} BAD_REQUEST ${message}`,
      );
    }
  });

  it('stores empty optionals as null and a pending package without received date or notification', async () => {
    const before = (await notificationsOf(ana.user.id)).length;
    const { id } = await adminCaller.packages.create(
      form(ana, {
        trackingNumber: '',
        senderName: '',
        weightKg: '',
        dimensionsCm: '',
        estimatedValueUsdCents: '',
        notes: '',
      }),
    );
    const row = await packageRow(id);
    expect(row).toMatchObject({
      trackingNumber: null,
      senderName: null,
      weightKg: null,
      dimensionsCm: null,
      estimatedValueUsdCents: null,
      notes: null,
      status: 'pending',
      receivedDate: null,
    });
    expect((await notificationsOf(ana.user.id)).length).toBe(before);
  });

  it('refuses a mailbox of another customer, checked on the server', async () => {
    const error = await trpcError(adminCaller.packages.create(form(ana, { mailboxId: beto.mailbox.id })));
    expect(error.message).toBe(M.mailboxNotOwned);
    const unknown = await trpcError(adminCaller.packages.create(form(ana, { userId: randomUUID() })));
    expect(unknown.message).toBe(M.customerRequired);
  });

  it('a package created as received records the date and notifies the customer with an e-mail', async () => {
    const input = form(ana, { status: 'received' });
    const { id } = await adminCaller.packages.create(input);
    const row = await packageRow(id);
    expect(row.status).toBe('received');
    expect(row.receivedDate).toBeInstanceOf(Date);
    const mine = await notificationsOf(ana.user.id);
    expect(
      mine.some((n) => n.title === M.receivedTitle && n.message.includes(input.trackingNumber!.toUpperCase())),
    ).toBe(true);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.subject, M.receivedTitle));
    expect(mails.some((m) => m.to.includes(ana.email))).toBe(true);
  });

  it('is for admins only', async () => {
    const error = await trpcError(callerFor(db(), ana.visitor, config).packages.create(form(ana)));
    expect(error.code).toBe('FORBIDDEN');
  });
});

describe('packages.list and count', () => {
  it('searches by tracking, description, customer name and mailbox code; filters by status and customer', async () => {
    const a = await adminCaller.packages.create(
      form(ana, { packageDescription: 'Teclado mecánico Keychron', trackingNumber: 'ZZLIST0001' }),
    );
    const b = await adminCaller.packages.create(
      form(beto, { packageDescription: 'Cafetera italiana Bialetti', status: 'received' }),
    );

    const ids = async (input: Parameters<typeof adminCaller.packages.list>[0]) =>
      (await adminCaller.packages.list(input)).rows.map((r) => r.id);
    expect(await ids({ q: 'zzlist0001' })).toEqual([a.id]);
    expect(await ids({ q: 'Keychron' })).toEqual([a.id]);
    expect(await ids({ q: 'Bodega' })).toContain(b.id);
    expect(await ids({ q: 'Bodega' })).not.toContain(a.id);
    expect(await ids({ q: beto.mailbox.mailboxCode })).toContain(b.id);
    expect(await ids({ status: 'received', cliente: beto.user.id })).toEqual([b.id]);
    expect(await ids({ cliente: ana.user.id })).not.toContain(b.id);

    const page = await adminCaller.packages.list({ cliente: beto.user.id });
    expect(page.rows[0]).toMatchObject({
      customerName: 'Beto Bodega',
      mailboxCode: beto.mailbox.mailboxCode,
      mailboxCountry: 'USA',
      shipmentCode: null,
    });
    const count = await adminCaller.packages.count({ cliente: beto.user.id });
    expect(count).toMatchObject({ count: page.rows.length, isCapped: false });
    expect(count.total).toBeGreaterThanOrEqual(page.rows.length);
  });

  it('pages newest first', async () => {
    for (let i = 0; i < 3; i++) await adminCaller.packages.create(form(beto));
    const first = await adminCaller.packages.list({ cliente: beto.user.id, pageSize: 10 });
    const times = first.rows.map((r) => +new Date(r.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });
});

describe('packages.updateStatus', () => {
  it('received sets the received date now and notifies; other statuses do not', async () => {
    const { id } = await adminCaller.packages.create(form(ana));
    const before = (await notificationsOf(ana.user.id)).length;
    await adminCaller.packages.updateStatus({ id, status: 'processed' });
    expect((await notificationsOf(ana.user.id)).length).toBe(before);
    const result = await adminCaller.packages.updateStatus({ id, status: 'received' });
    expect(result.status).toBe('received');
    expect(Date.now() - +new Date(result.receivedDate!)).toBeLessThan(60_000);
    expect((await notificationsOf(ana.user.id)).length).toBe(before + 1);
  });

  it('accepts only the four statuses and refuses a package in a shipment', async () => {
    const { id } = await adminCaller.packages.create(form(ana, { status: 'received' }));
    expect((await trpcError(adminCaller.packages.updateStatus({ id, status: 'in_warehouse' as never }))).message).toBe(
      M.statusInvalid,
    );
    const code = await putInShipment(ana, id);
    const error = await trpcError(adminCaller.packages.updateStatus({ id, status: 'pending' }));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(M.inShipment(code));
    expect((await trpcError(adminCaller.packages.updateStatus({ id: randomUUID(), status: 'pending' }))).code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('the form choices', () => {
  it('lists customers by name, e-mail or mailbox code, and only the chosen customer’s mailboxes', async () => {
    const byName = await adminCaller.packages.customers({ q: 'Bodega' });
    expect(byName.map((c) => c.userId)).toEqual([beto.user.id]);
    const byCode = await adminCaller.packages.customers({ q: ana.mailbox.mailboxCode });
    expect(byCode.map((c) => c.userId)).toEqual([ana.user.id]);
    const one = await adminCaller.packages.customers({ id: ana.user.id });
    expect(one[0]).toMatchObject({ fullName: 'Ana Almacén', email: ana.email });
    const boxes = await adminCaller.packages.customerMailboxes({ userId: ana.user.id });
    expect(boxes.map((b) => b.id)).toEqual([ana.mailbox.id]);
    const rows = await db()
      .select({ id: mailboxes.id })
      .from(mailboxes)
      .where(and(eq(mailboxes.userId, beto.user.id)));
    expect(boxes.map((b) => b.id)).not.toContain(rows[0].id);
  });
});
