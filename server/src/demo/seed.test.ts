import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { PAYMENT_STATUSES, PAYMENT_TYPES, PREALERT_STATUSES, TRACKING_STATUSES } from '@casillero/shared';
import { openPglite, type Database } from '../db/client';
import {
  agencies,
  agencyStaff,
  carrierShipments,
  contactMessages,
  emailOutbox,
  mailboxes,
  notifications,
  packages,
  paymentTrackings,
  paymentTransactions,
  prealerts,
  recipients,
  repackRequestItems,
  repackRequests,
  shipmentPackages,
  shipmentStages,
  shipments,
  storedFiles,
  trackingHistory,
  trackings,
  userProfiles,
  users,
  whatsappOutbox,
} from '../db/schema';
import { createFileStore, type FileStore } from '../files/file-store';
import { TEST_FILE_STORES, startTestFileStore, type TestFileStore } from '../test/file-stores';
import { callerFor, newVisitor } from '../test/caller';
import { DEMO_ACCOUNTS, DEMO_ALLY, DEMO_PASSWORD, seedDemo } from './index';
import { PNG_SIGNATURE } from './seed-receipt';

const TABLES = {
  users,
  userProfiles,
  mailboxes,
  prealerts,
  packages,
  trackings,
  trackingHistory,
  shipments,
  shipmentPackages,
  shipmentStages,
  paymentTransactions,
  paymentTrackings,
  notifications,
  repackRequests,
  repackRequestItems,
  storedFiles,
  contactMessages,
};

describe.each(TEST_FILE_STORES)('seedDemo with files on %s', (storeKind) => {
  let database: Database;
  let store: TestFileStore;
  let fileStore: FileStore;

  async function rowCounts() {
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(TABLES)) {
      const [{ n }] = await database.db.select({ n: count() }).from(table);
      counts[name] = Number(n);
    }
    return counts;
  }

  beforeAll(async () => {
    store = await startTestFileStore(storeKind);
    fileStore = createFileStore(store.config);
    database = await openPglite();
    await database.migrate();
  });

  afterAll(async () => {
    fileStore?.close();
    await database?.close();
    await store?.stop();
  });

  it('seeds once, then changes nothing', async () => {
    expect(await seedDemo(database.db, { fileStore })).toEqual({ seeded: true });
    const before = await rowCounts();
    const filesBefore = await store.keys();
    expect(before.users).toBeGreaterThanOrEqual(6);
    expect(filesBefore.length).toBeGreaterThanOrEqual(2);

    expect(await seedDemo(database.db, { fileStore })).toEqual({ seeded: false });
    expect(await rowCounts()).toEqual(before);
    expect((await store.keys()).sort()).toEqual(filesBefore.sort());
    // The whole demo, twice, through the services: more than a test's 30 s on a machine CI shares.
  }, 120_000);

  it('queues no message and notifies only along its own timeline, dated in the past', async () => {
    for (const table of [emailOutbox, whatsappOutbox]) {
      const [{ n }] = await database.db.select({ n: count() }).from(table);
      expect(Number(n)).toBe(0);
    }
    const rows = await database.db.select({ createdAt: notifications.createdAt }).from(notifications);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    // The services the demo goes through notify nobody: every notification is one of the story's.
    const [{ now }] = await database.db.select({ now: sql<Date>`now()` }).from(users).limit(1);
    for (const row of rows) expect(row.createdAt.getTime()).toBeLessThan(new Date(now).getTime() - 60_000);
  });

  it('follows María’s purchases on the first mile: in transit, out for delivery, received, delivered without a WR, an incidencia', async () => {
    const rows = await database.db
      .select({
        key: carrierShipments.trackingKey,
        state: carrierShipments.state,
        stopped: carrierShipments.stoppedAt,
        expected: carrierShipments.expectedDeliveryAt,
        place: carrierShipments.deliveredLocation,
        deliveredAt: carrierShipments.deliveredAt,
      })
      .from(carrierShipments);
    const of = (key: string) => rows.find((r) => r.key === key)!;
    const [{ now }] = await database.db.select({ now: sql<Date>`now()` }).from(users).limit(1);
    const hoursFromNow = (d: Date | null) => (d!.getTime() - new Date(now).getTime()) / 3600_000;
    expect(of('TBA305812745000').state).toBe('in_transit');
    expect(hoursFromNow(of('TBA305812745000').expected)).toBeGreaterThan(12);
    expect(of('1Z8V92A40312345678').state).toBe('out_for_delivery');
    expect(of('TBA301928374650')).toMatchObject({ state: 'delivered' });
    expect(of('TBA301928374650').stopped).not.toBeNull();
    expect(of('9400111899223197428490')).toMatchObject({ state: 'delivered', stopped: null });
    expect(of('9400111899223197428490').place).toContain('DORAL');
    expect(hoursFromNow(of('9400111899223197428490').deliveredAt)).toBeLessThan(-72);
    expect(of('784512093375').state).toBe('exception');
  });

  it('has a tracking in every status, each with a history ending in that status', async () => {
    const rows = await database.db.select().from(trackings);
    const statuses = new Set(rows.map((t) => t.status));
    for (const status of TRACKING_STATUSES) expect(statuses, status).toContain(status);

    const history = await database.db
      .select()
      .from(trackingHistory)
      .orderBy(asc(trackingHistory.createdAt), asc(trackingHistory.id));
    for (const t of rows) {
      const entries = history.filter((h) => h.trackingId === t.id);
      expect(entries.length, t.trackingNumber).toBeGreaterThan(0);
      expect(entries[0].status).toBe('created');
      expect(entries.at(-1)!.status, t.trackingNumber).toBe(t.status);
      expect(entries.every((h) => h.message && h.createdBy === t.createdBy)).toBe(true);
      expect(t.description.length).toBeGreaterThanOrEqual(10);
      expect(t.description.length).toBeLessThanOrEqual(500);
      expect(t.trackingNumber).toMatch(/^[A-Za-z0-9_-]{5,50}$/);
    }
    const repack = rows.find((t) => t.status === 'needs_reempaque')!;
    expect(repack.needsReempaque).toBe(true);
    expect(repack.reempaqueReason).toBeTruthy();
  });

  it('has payments of every status and type', async () => {
    const rows = await database.db.select().from(paymentTransactions);
    const statuses = new Set(rows.map((p) => p.status));
    const types = new Set(rows.map((p) => p.transactionType));
    for (const s of PAYMENT_STATUSES) expect(statuses, s).toContain(s);
    for (const t of PAYMENT_TYPES) expect(types, t).toContain(t);
    for (const p of rows) {
      expect(Math.round(p.amountUsdCents * 100)).toBe(p.amountUsdCents * 100);
      if (p.status === 'completed' || p.status === 'failed') {
        expect(p.processedAt).toBeInstanceOf(Date);
        expect(p.processedBy).toBeTruthy();
      }
    }
    // Completed payments in each of the last six calendar months, for the reports' trend.
    const months = await database.db
      .select({ m: sql<string>`to_char(${paymentTransactions.createdAt}, 'YYYY-MM')` })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.status, 'completed'))
      .groupBy(sql`1`);
    expect(months.length).toBeGreaterThanOrEqual(6);
  });

  it('has pre-alerts in every status, the converted ones pointing at their package', async () => {
    const rows = await database.db.select().from(prealerts);
    for (const s of PREALERT_STATUSES) expect(rows.map((p) => p.status)).toContain(s);
    for (const p of rows.filter((r) => r.status === 'converted')) {
      expect(p.convertedAt).toBeInstanceOf(Date);
      expect(p.convertedPackageId).toBeTruthy();
    }
    const matched = await database.db.select().from(trackings).where(isNotNull(trackings.prealertId));
    expect(matched.length).toBeGreaterThan(0);
    for (const t of matched) {
      const p = rows.find((r) => r.id === t.prealertId)!;
      expect(p.trackingNumber).toBe(t.trackingNumber);
      expect(p.userId).toBe(t.userId);
    }
  });

  it('puts every package and tracking in a mailbox of its own user', async () => {
    const boxes = await database.db.select().from(mailboxes);
    const owner = new Map(boxes.map((m) => [m.id, m.userId]));
    for (const p of await database.db.select().from(packages)) expect(owner.get(p.mailboxId)).toBe(p.userId);
    for (const t of await database.db.select().from(trackings)) expect(owner.get(t.mailboxId)).toBe(t.userId);
    for (const s of await database.db.select().from(shipments)) {
      const links = await database.db
        .select({ userId: packages.userId, status: packages.status })
        .from(shipmentPackages)
        .innerJoin(packages, eq(packages.id, shipmentPackages.packageId))
        .where(eq(shipmentPackages.shipmentId, s.id));
      expect(links.length).toBeGreaterThan(0);
      for (const l of links) expect(l.userId).toBe(s.userId);
    }
  });

  it('writes the receipt images it references', async () => {
    const files = await database.db.select().from(storedFiles);
    const referenced = await database.db
      .select({ id: paymentTransactions.receiptFileId })
      .from(paymentTransactions)
      .where(isNotNull(paymentTransactions.receiptFileId));
    expect(referenced.length).toBeGreaterThanOrEqual(2);
    for (const { id } of referenced) {
      const file = files.find((f) => f.id === id)!;
      expect(file.kind).toBe('receipt');
      const bytes = (await store.read(file.storageKey))!;
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(bytes.length).toBe(file.sizeBytes);
    }
  });

  it('makes verified demo accounts, María with an active USA and an inactive CHINA mailbox', async () => {
    const emails = [DEMO_ACCOUNTS.admin.email, ...DEMO_ACCOUNTS.customers.map((c) => c.email)];
    for (const email of emails) {
      const [u] = await database.db.select().from(users).where(eq(users.email, email));
      expect(u, email).toBeDefined();
      expect(u.emailVerifiedAt).toBeInstanceOf(Date);
      expect(u.lastActiveAt).toBeInstanceOf(Date);
    }
    const [admin] = await database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    expect(admin.role).toBe('admin');
    // One verified person per other staff role.
    for (const person of DEMO_ACCOUNTS.staff) {
      const [member] = await database.db.select().from(users).where(eq(users.email, person.email));
      expect(member?.role, person.email).toBe(person.role);
      expect(member?.emailVerifiedAt).toBeInstanceOf(Date);
    }
    // The agency's counter person works at the MRW agency in Valencia.
    const [counter] = await database.db
      .select({ role: users.role, agencyCode: agencies.code, city: agencies.city })
      .from(users)
      .innerJoin(agencyStaff, eq(agencyStaff.userId, users.id))
      .innerJoin(agencies, eq(agencies.id, agencyStaff.agencyId))
      .where(eq(users.email, DEMO_ACCOUNTS.agency.email));
    expect(counter).toEqual({ role: 'agencia', agencyCode: DEMO_ACCOUNTS.agency.agencyCode, city: 'Valencia' });

    const [maria] = await database.db.select().from(users).where(eq(users.email, 'maria@casillero.test'));
    const boxes = await database.db.select().from(mailboxes).where(eq(mailboxes.userId, maria.id));
    expect(boxes.map((b) => `${b.country}:${b.status}`).sort()).toEqual(['CHINA:inactive', 'USA:active']);

    const china = boxes.find((b) => b.country === 'CHINA')!;
    const [activation] = await database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.mailboxId, china.id));
    expect(activation.status).toBe('pending');
    expect(activation.receiptFileId).toBeTruthy();
    expect(activation.reportedAt).toBeInstanceOf(Date);

    const ready = await database.db
      .select({ status: paymentTransactions.status, type: paymentTransactions.transactionType })
      .from(trackings)
      .innerJoin(paymentTrackings, eq(paymentTrackings.trackingId, trackings.id))
      .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentTrackings.paymentId))
      .where(sql`${trackings.userId} = ${maria.id} and ${trackings.status} = 'ready_to_ship'`);
    expect(ready).toContainEqual({ status: 'pending', type: 'shipping_payment' });

    const [carlos] = await database.db.select().from(users).where(eq(users.email, 'carlos@casillero.test'));
    const [profile] = await database.db.select().from(userProfiles).where(eq(userProfiles.userId, carlos.id));
    expect(profile.cedula).toBeNull();
    expect(profile.venezuelaAddress).toBeNull();
  });

  it('gives María herself and her mother Carmen, authorised; every shipment a recipient of its customer; agencies in four cities', async () => {
    const [maria] = await database.db.select().from(users).where(eq(users.email, 'maria@casillero.test'));
    const book = await database.db
      .select()
      .from(recipients)
      .where(eq(recipients.userId, maria.id))
      .orderBy(asc(recipients.fullName));
    expect(book.map((r) => [r.fullName, r.isAccountHolder, r.isAuthorized])).toEqual([
      ['Carmen Rodríguez', false, true],
      ['María Fernanda González', true, false],
    ]);
    expect(book[1]).toMatchObject({ idDocument: 'V-18456789', phone: '+584241234567', state: 'Miranda' });

    const named = await database.db
      .select({
        shipmentUser: shipments.userId,
        recipientUser: recipients.userId,
        address: shipments.deliveryAddress,
        to: recipients.address,
        agency: agencies.address,
      })
      .from(shipments)
      .leftJoin(recipients, eq(recipients.id, shipments.recipientId))
      .leftJoin(agencies, eq(agencies.id, shipments.agencyId));
    expect(named.length).toBeGreaterThan(0);
    for (const row of named) {
      expect(row.recipientUser).toBe(row.shipmentUser);
      // Home delivery to the recipient's address; pickup at the agency's.
      if (row.agency) expect(row.address).toContain(row.agency);
      else expect(row.address).toBe(row.to);
    }

    const active = await database.db.select().from(agencies).where(eq(agencies.active, true));
    expect(new Set(active.map((a) => a.city))).toEqual(
      new Set(['Caracas', 'Valencia', 'Naguanagua', 'Maracaibo', 'Barquisimeto']),
    );
    expect(new Set(active.map((a) => a.carrier))).toEqual(new Set(['MRW', 'Zoom', 'Tealca']));
  });

  it('gives the demo ally a login that signs in with the demo password and sees only its own customers', async () => {
    const caller = callerFor(database.db, newVisitor({ ip: '10.0.9.1' }));
    const { user } = await caller.auth.signIn({ email: DEMO_ALLY.login.email, password: DEMO_PASSWORD });
    expect(user.role).toBe('aliado');
    expect(await caller.allyPortal.me()).toMatchObject({
      name: DEMO_ALLY.name,
      prefix: DEMO_ALLY.prefix,
      priceAdjustmentBp: DEMO_ALLY.priceAdjustmentBp,
      active: true,
    });

    // Its two customers, newest first, each mailbox code carrying the prefix; no direct customer.
    const customers = await caller.allyPortal.customers({ page: 1 });
    expect(customers.total).toBe(2);
    expect(customers.rows.map((c) => c.email)).toEqual([DEMO_ALLY.customers[1].email, DEMO_ALLY.customers[0].email]);
    expect(customers.rows.map((c) => c.mailboxes.map((m) => m.status))).toEqual([['inactive'], ['active']]);
    for (const c of customers.rows)
      for (const m of c.mailboxes) expect(m.code.startsWith(`${DEMO_ALLY.prefix}-`), m.code).toBe(true);

    const prealertRows = (await caller.allyPortal.prealerts({ page: 1 })).rows;
    expect(prealertRows.map((p) => [p.customer, p.status])).toEqual([
      [DEMO_ALLY.customers[0].fullName, 'pending'],
      [DEMO_ALLY.customers[0].fullName, 'converted'],
    ]);
    const parcels = await caller.allyPortal.parcels({ page: 1 });
    expect(parcels.rows.map((p) => p.description)).toEqual(['Licuadora Oster de 10 velocidades con vaso de vidrio']);

    // Her customer signs in with the same password and sees her own mailbox.
    const yelitza = callerFor(database.db, newVisitor({ ip: '10.0.9.2' }));
    const signedIn = await yelitza.auth.signIn({ email: DEMO_ALLY.customers[0].email, password: DEMO_PASSWORD });
    expect(signedIn.user.role).toBe('user');

    // Direct demo customers belong to no ally.
    const direct = await database.db
      .select({ allyId: users.allyId })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.customers[0].email));
    expect(direct).toEqual([{ allyId: null }]);
  });

  it('rolls back and removes the images it wrote when the seed fails', async () => {
    const other = await openPglite();
    const filesBefore = (await store.keys()).sort();
    try {
      await other.migrate();
      // A transfer already reported with the reference one of the demo payments uses.
      const [someone] = await other.db
        .insert(users)
        .values({ email: 'alguien@ejemplo.test', passwordHash: 'x' })
        .returning({ id: users.id });
      await other.db.insert(paymentTransactions).values({
        userId: someone.id,
        transactionType: 'credit_purchase',
        amountUsdCents: 1000,
        paymentMethod: 'Zelle',
        paymentReference: 'ZL9B3X7T1Q',
      });
      await expect(seedDemo(other.db, { fileStore })).rejects.toThrow();
      const [{ n }] = await other.db.select({ n: count() }).from(users);
      expect(Number(n)).toBe(1);
      expect((await store.keys()).sort()).toEqual(filesBefore);
    } finally {
      await other.close();
    }
    // A fresh database migrated, then the demo seeded up to its payments: a whole start-up's work.
  }, 90_000);
});
