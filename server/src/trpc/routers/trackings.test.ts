// The admin trackings panel (docs/product/admin-trackings.md): creating a tracking with its history,
// notification and e-mails, its status changes and repack requests. The list, count, stats and
// carriers: trackings-list.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  TRACKING_CLIENT_MESSAGES,
  TRACKING_MESSAGES,
  TRACKING_STATUS_COLORS,
  type TrackingCreateInput,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { emailOutbox, mailboxes, notifications, prealerts, trackingHistory, trackings } from '../../db/schema';
import { testConfig } from '../../env';
import { createTestDatabase } from '../../test/db';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { signedInAdmin, signedInCustomer } from '../../test/factories';
import { customerWithMailbox, trackingForm, trackingNumber } from '../../test/trackings';

const ADMIN_INBOX = 'almacen@casillero.test';
const config = testConfig({ appUrl: TEST_APP_URL, adminNotifyEmails: [ADMIN_INBOX] });

let database: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let adminCaller: ReturnType<typeof callerFor>;
beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(database.db);
  adminCaller = callerFor(database.db, admin.visitor, config);
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

async function outboxFor(template: string, to: string) {
  const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.template, template));
  return rows.filter((r) => r.to.includes(to));
}

describe('trackings.create', () => {
  it('creates a tracking with the defaults, its history, the notification and both e-mails', async () => {
    const client = await customerWithMailbox(db(), 'Lucía Fernández');
    const number = trackingNumber('1z').toLowerCase();
    const created = await adminCaller.trackings.create(trackingForm(client.mailbox.id, { trackingNumber: number }));
    expect(created.trackingNumber).toBe(number.toUpperCase());

    const [row] = await db().select().from(trackings).where(eq(trackings.id, created.id));
    expect(row).toMatchObject({
      userId: client.user.id,
      mailboxId: client.mailbox.id,
      status: 'created',
      estimatedWeight: 1,
      estimatedValueUsdCents: 0,
      originCountry: 'Estados Unidos',
      priority: 'medium',
      needsReempaque: false,
      reempaqueReason: null,
      createdBy: admin.user.id,
    });
    const history = await db().select().from(trackingHistory).where(eq(trackingHistory.trackingId, created.id));
    expect(history).toMatchObject([{ status: 'created', createdBy: admin.user.id }]);

    const [note] = await db().select().from(notifications).where(eq(notifications.userId, client.user.id));
    expect(note).toMatchObject({ type: 'package', link: '/dashboard/mis-trackings' });
    expect(note.message).toContain(created.trackingNumber);

    const [toClient] = await outboxFor('tracking-created', client.email);
    expect(toClient.subject).toContain(created.trackingNumber);
    expect(toClient.html).toContain(client.mailbox.mailboxCode);
    expect(toClient.text).toContain('Lucía Fernández');
    const [toAdmins] = await outboxFor('tracking-created-admin', ADMIN_INBOX);
    expect(toAdmins.text).toContain(client.email);
  });

  it('refuses each invalid field with the spec message', async () => {
    const { mailbox } = await customerWithMailbox(db());
    const cases: [Partial<TrackingCreateInput>, string][] = [
      [{ trackingNumber: 'AB-1' }, TRACKING_MESSAGES.trackingNumberMin],
      [{ trackingNumber: 'A'.repeat(51) }, TRACKING_MESSAGES.trackingNumberMax],
      [{ trackingNumber: 'ABC 12345' }, TRACKING_MESSAGES.trackingNumberPattern],
      [{ mailboxId: '' }, TRACKING_MESSAGES.mailboxRequired],
      [{ description: 'Corta' }, TRACKING_MESSAGES.descriptionMin],
      [{ description: 'x'.repeat(501) }, TRACKING_MESSAGES.descriptionMax],
      [{ carrier: '' }, TRACKING_MESSAGES.carrierRequired],
      [{ carrier: 'x'.repeat(101) }, TRACKING_MESSAGES.carrierMax],
      [{ estimatedWeight: 0.05 }, TRACKING_MESSAGES.weightMin],
      [{ estimatedWeight: 100.5 }, TRACKING_MESSAGES.weightMax],
      [{ estimatedValueUsdCents: -100 }, TRACKING_MESSAGES.valueMin],
      [{ estimatedValueUsdCents: 1_000_001 }, TRACKING_MESSAGES.valueMax],
      [{ senderName: 'N' }, TRACKING_MESSAGES.senderMin],
      [{ senderName: 'x'.repeat(101) }, TRACKING_MESSAGES.senderMax],
      [{ originCountry: 'X' }, TRACKING_MESSAGES.originMin],
      [{ notes: 'x'.repeat(1001) }, TRACKING_MESSAGES.notesMax],
    ];
    for (const [override, message] of cases) {
      const error = await trpcError(adminCaller.trackings.create(trackingForm(mailbox.id, override)));
      expect(`${JSON.stringify(override).slice(0, 40)}: ${error.code} ${error.message}`).toBe(
        `${JSON.stringify(override).slice(0, 40)}: BAD_REQUEST ${message}`,
      );
    }
  });

  it('keeps the repack reason only with the switch on', async () => {
    const { mailbox } = await customerWithMailbox(db());
    const off = await adminCaller.trackings.create(trackingForm(mailbox.id, { reempaqueReason: 'Caja rota' }));
    const on = await adminCaller.trackings.create(
      trackingForm(mailbox.id, { needsReempaque: true, reempaqueReason: 'Caja rota', priority: 'high' }),
    );
    const rows = await db()
      .select({ id: trackings.id, reason: trackings.reempaqueReason, needs: trackings.needsReempaque })
      .from(trackings)
      .where(inArray(trackings.id, [off.id, on.id]));
    expect(rows.find((r) => r.id === off.id)).toMatchObject({ reason: null, needs: false });
    expect(rows.find((r) => r.id === on.id)).toMatchObject({ reason: 'Caja rota', needs: true });
  });

  it('needs a valid client: an unknown or inactive mailbox is refused', async () => {
    const inactive = await signedInCustomer(db());
    const [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, inactive.user.id));
    for (const mailboxId of [box.id, randomUUID()]) {
      const error = await trpcError(adminCaller.trackings.create(trackingForm(mailboxId)));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe(TRACKING_MESSAGES.clientInvalid);
    }
  });

  it('refuses a duplicate tracking number, whatever its case', async () => {
    const { mailbox } = await customerWithMailbox(db());
    const number = trackingNumber('dup');
    await adminCaller.trackings.create(trackingForm(mailbox.id, { trackingNumber: number }));
    const error = await trpcError(
      adminCaller.trackings.create(trackingForm(mailbox.id, { trackingNumber: number.toLowerCase() })),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(TRACKING_MESSAGES.duplicate);
  });

  it('lets exactly one of 20 concurrent submissions of one number through', async () => {
    const { mailbox } = await customerWithMailbox(db());
    const number = trackingNumber('race');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        adminCaller.trackings.create(trackingForm(mailbox.id, { trackingNumber: number })),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(new Set(failures.map((f) => f.reason.message))).toEqual(new Set([TRACKING_MESSAGES.duplicate]));
    const rows = await db().select({ id: trackings.id }).from(trackings).where(eq(trackings.trackingNumber, number));
    expect(rows).toHaveLength(1);
  });

  it("links the customer's pending pre-alert with the same tracking number", async () => {
    const client = await customerWithMailbox(db());
    const number = trackingNumber('pre');
    const [prealert] = await db()
      .insert(prealerts)
      .values({ userId: client.user.id, trackingNumber: number, description: 'Audífonos', status: 'pending' })
      .returning({ id: prealerts.id });
    const created = await adminCaller.trackings.create(trackingForm(client.mailbox.id, { trackingNumber: number }));
    expect(created.prealertId).toBe(prealert.id);
    const other = await customerWithMailbox(db());
    const unrelated = await adminCaller.trackings.create(trackingForm(other.mailbox.id));
    expect(unrelated.prealertId).toBeNull();
  });

  it('the admin details show the matched pre-alert, and none for an unmatched tracking', async () => {
    const client = await customerWithMailbox(db(), 'Carla Méndez');
    const number = trackingNumber('match');
    const { id: prealertId } = await client.caller.prealerts.create({
      trackingNumber: number,
      carrier: 'Amazon',
      senderName: 'Amazon',
      description: 'Audífonos inalámbricos',
      quantityItems: 2,
      amountSpentUsdCents: 8997,
      estimatedWeight: 1.2,
      estimatedValueUsdCents: 7950,
    });
    const created = await adminCaller.trackings.create(trackingForm(client.mailbox.id, { trackingNumber: number }));
    expect(created.prealertId).toBe(prealertId);

    const detail = await adminCaller.trackings.detail({ id: created.id });
    expect(detail.prealertId).toBe(prealertId);
    expect(detail.prealert).toMatchObject({
      id: prealertId,
      trackingNumber: number,
      senderName: 'Amazon',
      description: 'Audífonos inalámbricos',
      carrier: 'Amazon',
      quantityItems: 2,
      amountSpentUsdCents: 8997,
      estimatedValueUsdCents: 7950,
      status: 'pending',
    });
    expect(detail.prealert!.createdAt).toBeInstanceOf(Date);

    // The same customer's tracking with another number matched nothing.
    const unmatched = await adminCaller.trackings.create(trackingForm(client.mailbox.id));
    expect(unmatched.prealertId).toBeNull();
    const plain = await adminCaller.trackings.detail({ id: unmatched.id });
    expect(plain.prealertId).toBeNull();
    expect(plain.prealert).toBeNull();
  });
});

describe('trackings.updateStatus and trackings.requestRepack', () => {
  it('changes to any status, appends history by the admin, keeps the real weight on 0, notifies and e-mails', async () => {
    const client = await customerWithMailbox(db(), 'Rosa Díaz');
    const { id } = await adminCaller.trackings.create(trackingForm(client.mailbox.id));
    await adminCaller.trackings.updateStatus({
      id,
      status: 'in_warehouse',
      actualWeight: 2.4,
      message: 'Recibido en estante A-1',
    });
    await adminCaller.trackings.updateStatus({ id, status: 'ready_to_ship', actualWeight: 0 });
    await adminCaller.trackings.updateStatus({ id, status: 'created' });

    const [row] = await db().select().from(trackings).where(eq(trackings.id, id));
    expect(row).toMatchObject({ status: 'created', actualWeight: 2.4 });

    const detail = await adminCaller.trackings.detail({ id });
    expect(detail.history.map((h) => h.status)).toEqual(['created', 'ready_to_ship', 'in_warehouse', 'created']);
    expect(detail.history[2]).toMatchObject({ message: 'Recibido en estante A-1', createdByName: 'Admin Prueba' });

    const mails = await outboxFor('tracking-status', client.email);
    const ready = mails.find((m) => m.text.includes('Listo para enviar'))!;
    expect(ready.html).toContain(TRACKING_STATUS_COLORS.ready_to_ship);
    expect(ready.text).toContain(TRACKING_CLIENT_MESSAGES.ready_to_ship);
    const warehouse = mails.find((m) => m.text.includes('En almacén'))!;
    expect(warehouse.text).toContain('Recibido en estante A-1');

    const notes = await db().select().from(notifications).where(eq(notifications.userId, client.user.id));
    expect(notes).toHaveLength(4);
  });

  it('requires a status, and answers NOT_FOUND for an unknown tracking', async () => {
    const error = await trpcError(adminCaller.trackings.updateStatus({ id: randomUUID(), status: '' as never }));
    expect(error.message).toBe(TRACKING_MESSAGES.statusRequired);
    const missing = await trpcError(adminCaller.trackings.updateStatus({ id: randomUUID(), status: 'arrived' }));
    expect(missing.code).toBe('NOT_FOUND');
  });

  it('a repack of an unknown tracking answers NOT_FOUND', async () => {
    const missing = await trpcError(adminCaller.trackings.requestRepack({ id: randomUUID(), reason: 'Caja dañada' }));
    expect(missing.code).toBe('NOT_FOUND');
  });

  it('a repack needs a reason; it sets the flag, reason and status and tells the client and the admins', async () => {
    const client = await customerWithMailbox(db(), 'Pedro Gómez');
    const { id } = await adminCaller.trackings.create(trackingForm(client.mailbox.id, { priority: 'high' }));
    const error = await trpcError(adminCaller.trackings.requestRepack({ id, reason: '  ' }));
    expect(error.message).toBe(TRACKING_MESSAGES.repackReasonRequired);

    await adminCaller.trackings.requestRepack({ id, reason: 'Caja muy grande para el envío aéreo', actualWeight: 3.1 });
    const [row] = await db().select().from(trackings).where(eq(trackings.id, id));
    expect(row).toMatchObject({
      needsReempaque: true,
      reempaqueReason: 'Caja muy grande para el envío aéreo',
      status: 'needs_reempaque',
      actualWeight: 3.1,
    });
    const history = await db().select().from(trackingHistory).where(eq(trackingHistory.trackingId, id));
    expect(history.find((h) => h.status === 'needs_reempaque')).toMatchObject({ createdBy: admin.user.id });

    const [toClient] = await outboxFor('tracking-repack', client.email);
    expect(toClient.subject).toMatch(/^\[PRIORIDAD ALTA\]/);
    expect(toClient.text).toContain('Caja muy grande');
    const [toAdmins] = await outboxFor('tracking-repack-admin', ADMIN_INBOX);
    expect(toAdmins.subject).toMatch(/^\[PRIORIDAD ALTA\]/);
    const [note] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.user.id), eq(notifications.title, 'Reempaque solicitado')));
    expect(note.message).toContain('Caja muy grande');
  });
});

// The CSV export is an HTTP download: server/src/http/exports.test.ts.
