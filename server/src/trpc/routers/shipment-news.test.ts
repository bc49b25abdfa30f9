// Shipment broadcasts (docs/product/messages-and-notifications.md#shipment-news): 'Publicar novedad' tells every customer with a parcel in the
// shipment once (not once per parcel), on the channels they chose; the customer reads it in the
// shipment's timeline; the date of a delay becomes the shipment's estimated delivery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { SHIPMENT_NEWS_MESSAGES as M, shipmentNewsDefaultMessage } from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  emailOutbox,
  mailboxes,
  notificationPreferences,
  whatsappNumbers,
  whatsappOutbox,
  notifications,
  packages,
  shipmentNews,
  shipmentPackages,
  shipments,
  users,
} from '../../db/schema';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { signedInAdmin, signedInCustomer, signedInStaff } from '../../test/factories';
import { testConfig } from '../../env';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });

type Signed = Awaited<ReturnType<typeof signedInCustomer>>;
let admin: Signed;
let maria: Signed;
let carlos: Signed;
const as = (s: Signed) => callerFor(db(), s.visitor, config);

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(db());
  maria = await signedInCustomer(db(), { nombre: 'María Novedades' });
  carlos = await signedInCustomer(db(), { nombre: 'Carlos Sin Paquetes' });
});
afterAll(async () => {
  await database.close();
});

let seq = 0;
const tag = () => `${Date.now().toString(36).toUpperCase()}${++seq}`;

/** `count` received parcels of a customer (with their mailbox), written directly. */
async function parcelsOf(userId: string, count: number) {
  let [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, userId));
  if (!box) {
    [box] = await db()
      .insert(mailboxes)
      .values({
        userId,
        mailboxCode: `NEWS${tag()}`,
        location: 'miami',
        addressLine1: '8400 NW 25th St',
        city: 'Doral',
        postalCode: '33198',
        country: 'USA',
        status: 'active',
      })
      .returning({ id: mailboxes.id });
  }
  const rows = await db()
    .insert(packages)
    .values(
      Array.from({ length: count }, () => {
        const t = tag();
        return {
          userId,
          mailboxId: box.id,
          trackingNumber: `NEWS${t}`,
          packageDescription: `Compra ${t}`,
          status: 'in_shipment' as const,
          weightKg: 1,
          warehouseReceipt: `WR-NEWS-${t}`,
        };
      }),
    )
    .returning({ id: packages.id });
  return rows.map((r) => r.id);
}

/** A shipment (a container) owned by `ownerId` that carries the given parcels. */
async function shipmentWith(ownerId: string, packageIds: string[]) {
  const [s] = await db()
    .insert(shipments)
    .values({
      userId: ownerId,
      shipmentCode: `SH${tag()}`,
      deliveryAddress: 'Av. Bolívar Norte, Torre Stratos, piso 3',
      deliveryCity: 'Valencia',
      deliveryState: 'Carabobo',
      estimatedDelivery: '2030-01-15',
      status: 'in_transit',
    })
    .returning({ id: shipments.id, shipmentCode: shipments.shipmentCode });
  await db()
    .insert(shipmentPackages)
    .values(packageIds.map((packageId) => ({ shipmentId: s.id, packageId })));
  return s;
}

/** Customers made directly (no sign-up): a broadcast only needs them to exist with an e-mail. */
async function customers(count: number) {
  const rows = await db()
    .insert(users)
    .values(
      Array.from({ length: count }, () => ({
        email: `contenedor.${tag().toLowerCase()}@ejemplo.com`,
        passwordHash: 'x',
        role: 'user' as const,
      })),
    )
    .returning({ id: users.id, email: users.email });
  return rows;
}

const news = (
  shipmentId: string,
  kind: 'delayed' | 'new_eta' | 'arrived_venezuela' | 'ready_for_pickup',
  code: string,
  estimatedDelivery?: string,
) => ({
  shipmentId,
  kind,
  message: shipmentNewsDefaultMessage(kind, code, estimatedDelivery),
  estimatedDelivery,
});

describe('shipments.postNews', () => {
  it('tells each of the 50 customers of a 200-parcel shipment once, by e-mail only where they want it', async () => {
    const people = await customers(50);
    const parcels: string[] = [];
    for (const p of people) parcels.push(...(await parcelsOf(p.id, 4)));
    expect(parcels).toHaveLength(200);
    const s = await shipmentWith(people[0].id, parcels);
    // Five customers turned off e-mails for shipment news (Configuración).
    const quiet = people.slice(0, 5);
    await db()
      .insert(notificationPreferences)
      .values(quiet.map((p) => ({ userId: p.id, kind: 'shipment_news' as const, email: false, whatsapp: false })));
    // Three verified WhatsApp numbers, one of them of a customer who turned WhatsApp off for this kind.
    const phones = [quiet[0], people[10], people[11]];
    await db()
      .insert(whatsappNumbers)
      .values(phones.map((p, i) => ({ userId: p.id, phone: `+58414555000${i}` })));

    const result = await as(admin).shipments.postNews(news(s.id, 'arrived_venezuela', s.shipmentCode));
    expect(result.recipientCount).toBe(50);

    const told = await db()
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.dedupeKey, `shipment-news:${result.id}`));
    expect(told).toHaveLength(50);
    expect(new Set(told.map((n) => n.userId))).toEqual(new Set(people.map((p) => p.id)));
    expect(told[0].title).toBe(`Envío ${s.shipmentCode}: Llegó a Venezuela`);

    const mails = await db()
      .select({ to: emailOutbox.to })
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%${s.shipmentCode}%`));
    expect(mails).toHaveLength(45);
    const mailed = new Set(mails.map((m) => m.to[0]));
    for (const p of quiet) expect(mailed.has(p.email)).toBe(false);

    const texts = await db()
      .select({ userId: whatsappOutbox.userId })
      .from(whatsappOutbox)
      .where(like(whatsappOutbox.body, `%${s.shipmentCode}%`));
    expect(texts.map((t) => t.userId).sort()).toEqual([people[10].id, people[11].id].sort());

    const [stored] = await db().select().from(shipmentNews).where(eq(shipmentNews.id, result.id));
    expect(stored).toMatchObject({ shipmentId: s.id, kind: 'arrived_venezuela', recipientCount: 50 });
    const history = await as(admin).shipments.news({ id: s.id });
    expect(history).toEqual([
      expect.objectContaining({
        id: result.id,
        recipientCount: 50,
        kind: 'arrived_venezuela',
        createdBy: 'Admin Prueba',
      }),
    ]);
  });

  it('posting twice makes two news, each reaching every customer once', async () => {
    const parcelsM = await parcelsOf(maria.user.id, 3);
    const s = await shipmentWith(maria.user.id, parcelsM);
    const first = await as(admin).shipments.postNews(news(s.id, 'arrived_venezuela', s.shipmentCode));
    const second = await as(admin).shipments.postNews(news(s.id, 'ready_for_pickup', s.shipmentCode));
    expect([first.recipientCount, second.recipientCount]).toEqual([1, 1]);
    const mine = await db()
      .select({ key: notifications.dedupeKey })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, maria.user.id),
          inArray(notifications.dedupeKey, [`shipment-news:${first.id}`, `shipment-news:${second.id}`]),
        ),
      );
    expect(mine).toHaveLength(2);
    expect((await as(admin).shipments.news({ id: s.id })).map((n) => n.kind)).toEqual([
      'ready_for_pickup',
      'arrived_venezuela',
    ]);
  });

  it('a delay sets the shipment’s new estimated date, which the customer sees with the news in the timeline', async () => {
    const s = await shipmentWith(maria.user.id, await parcelsOf(maria.user.id, 1));
    const posted = await as(admin).shipments.postNews(news(s.id, 'delayed', s.shipmentCode, '2030-02-20'));
    expect(posted.estimatedDelivery).toBe('2030-02-20');

    const detail = await as(maria).shipments.ownDetail({ id: s.id });
    expect(detail.estimatedDelivery).toBe('2030-02-20');
    expect(detail.news).toEqual([
      expect.objectContaining({
        kind: 'delayed',
        estimatedDelivery: '2030-02-20',
        message: expect.stringContaining('20/02/2030'),
      }),
    ]);
    expect(detail.news[0]).not.toHaveProperty('recipientCount');

    const bell = await as(maria).notifications.mine({ page: 1, pageSize: 10 });
    expect(JSON.stringify(bell)).toContain(`Envío ${s.shipmentCode}: Retrasado`);
  });

  it('a customer without parcels in the shipment is not told and does not see its news', async () => {
    const s = await shipmentWith(maria.user.id, await parcelsOf(maria.user.id, 1));
    const posted = await as(admin).shipments.postNews(news(s.id, 'arrived_venezuela', s.shipmentCode));
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, carlos.user.id), eq(notifications.dedupeKey, `shipment-news:${posted.id}`)));
    expect(Number(n)).toBe(0);
    const err = await trpcError(as(carlos).shipments.ownDetail({ id: s.id }));
    expect(err.code).toBe('NOT_FOUND');
    const { listOwnShipmentNews } = await import('../../queries/client-shipments');
    expect(await listOwnShipmentNews(db(), carlos.user.id, s.id)).toEqual([]);
    expect(await listOwnShipmentNews(db(), maria.user.id, s.id)).toHaveLength(1);
  });

  it('the cashier cannot post news (and customers cannot read the staff history)', async () => {
    const s = await shipmentWith(maria.user.id, await parcelsOf(maria.user.id, 1));
    const caja = await signedInStaff(db(), 'caja');
    const err = await trpcError(
      callerFor(db(), caja.visitor, config).shipments.postNews(news(s.id, 'arrived_venezuela', s.shipmentCode)),
    );
    expect(err.code).toBe('FORBIDDEN');
    expect((await trpcError(as(maria).shipments.news({ id: s.id }))).code).toBe('FORBIDDEN');
    expect(await db().select().from(shipmentNews).where(eq(shipmentNews.shipmentId, s.id))).toEqual([]);
  });

  it('refuses bad input in Spanish and changes nothing', async () => {
    const s = await shipmentWith(maria.user.id, await parcelsOf(maria.user.id, 1));
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(notifications);

    const noDate = await trpcError(
      as(admin).shipments.postNews({ shipmentId: s.id, kind: 'delayed', message: 'Tu envío viene con retraso.' }),
    );
    expect(noDate.code).toBe('BAD_REQUEST');
    expect(noDate.message).toContain(M.dateRequired);
    const short = await trpcError(
      as(admin).shipments.postNews({ shipmentId: s.id, kind: 'arrived_venezuela', message: 'Llegó' }),
    );
    expect(short.message).toContain(M.messageMin);
    const badDate = await trpcError(
      as(admin).shipments.postNews({
        shipmentId: s.id,
        kind: 'new_eta',
        message: 'Nueva fecha para tu envío.',
        estimatedDelivery: '2030-13-45',
      }),
    );
    expect(badDate.message).toContain(M.dateInvalid);
    const badKind = await trpcError(
      as(admin).shipments.postNews({
        shipmentId: s.id,
        kind: 'lost' as never,
        message: 'Se perdió tu envío, lo sentimos.',
      }),
    );
    expect(badKind.message).toContain(M.kindRequired);
    const missing = await trpcError(
      as(admin).shipments.postNews({ ...news(s.id, 'arrived_venezuela', 'SH0'), shipmentId: crypto.randomUUID() }),
    );
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toBe(M.notFound);

    const [row] = await db()
      .select({ estimatedDelivery: shipments.estimatedDelivery })
      .from(shipments)
      .where(eq(shipments.id, s.id));
    expect(row.estimatedDelivery).toBe('2030-01-15');
    expect(await db().select().from(shipmentNews).where(eq(shipmentNews.shipmentId, s.id))).toEqual([]);
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(notifications)).toEqual(before);
  });
});
