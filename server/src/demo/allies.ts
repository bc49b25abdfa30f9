// The demo's ally (docs/product/allies.md): a reseller created by the administrator as Aliados
// creates one, its login (the demo password instead of an invitation, as the other demo staff
// sign in), and two customers it created from its portal, whose mailbox codes carry its prefix.
// Yelitza paid her activation and pre-alerted two purchases, one already received and, once
// fiscal data are on, shipped to her home in Mérida; Jesús has not paid his yet. After
// billing.ts: the one approval is credited to the ledger here.
import { eq } from 'drizzle-orm';
import {
  allyCreateInput,
  allyCustomerCreateInput,
  prealertConvertInput,
  prealertCreateInput,
  shipmentCreateInput,
} from '@casillero/shared';
import { allies, mailboxes, packages, paymentTransactions, prealerts, userProfiles, users } from '../db/schema';
import { insertRecipient } from '../queries/recipients';
import { insertAlly, insertAllyCustomer } from '../services/allies';
import { creditApprovedPayment } from '../services/billing/approved-payments';
import { createOwnPrealert } from '../services/client-prealerts';
import { confirmPrealert, convertPrealert } from '../services/prealerts';
import { createShipment } from '../services/shipments';
import { insertStaffAccount } from '../services/staff';
import { approved } from './activations';
import { asStaff, at, endStaffWork, redate, type DemoCast, type DemoContext } from './context';

export const DEMO_ALLY = {
  name: 'Encomiendas Los Andes',
  prefix: 'LA',
  /** A 10 % discount on the freight. */
  priceAdjustmentBp: -1000,
  login: { email: 'aliado@casillero.test', fullName: 'Andrea Mérida Contreras' },
  customers: [
    {
      email: 'yelitza@casillero.test',
      fullName: 'Yelitza Contreras Mérida',
      phone: '+58 274 555 0142',
      cedula: 'V-17654321',
    },
    {
      email: 'jesus@casillero.test',
      fullName: 'Jesús Alberto Pernía',
      phone: '+58 414 555 0177',
      cedula: 'V-20987654',
    },
  ],
} as const;

/** The ally's login, whose portal later creates an API key (api-access.ts), and Yelitza's parcel on the shelf. */
export type DemoAlly = { loginId: string; parcel: { customerId: string; packageId: string } };

export async function createDemoAlly(ctx: DemoContext, cast: DemoCast, passwordHash: string): Promise<DemoAlly> {
  const created = at(ctx, 60);
  // The administrator creates the ally in Aliados,
  const ally = await asStaff(ctx, cast.staff.admin, 'allies.create', () =>
    insertAlly(
      ctx.db,
      allyCreateInput.parse({
        name: DEMO_ALLY.name,
        prefix: DEMO_ALLY.prefix,
        priceAdjustmentBp: DEMO_ALLY.priceAdjustmentBp,
        contactEmail: DEMO_ALLY.login.email,
      }),
    ),
  );
  await endStaffWork(ctx);
  // whose login is the account an accepted invitation makes (nobody's staff step),
  const login = await insertStaffAccount(ctx.tx, {
    email: DEMO_ALLY.login.email,
    passwordHash,
    role: 'aliado',
    fullName: DEMO_ALLY.login.fullName,
    allyId: ally.id,
    signedInAt: null,
  });
  if (!login) throw new Error(`La cuenta ${DEMO_ALLY.login.email} ya existe: no se carga la demostración.`);
  // and the ally creates its customers from its portal (the demo password, not a welcome e-mail).
  const customers = [];
  for (const [i, spec] of DEMO_ALLY.customers.entries()) {
    const when = at(ctx, 45 - i * 25);
    const input = allyCustomerCreateInput.parse({ ...spec, type: 'usa' });
    customers.push({
      ...(await asStaff(ctx, { id: login.id, role: 'aliado' }, 'allyPortal.createCustomer', () =>
        insertAllyCustomer(ctx.db, ally, input, passwordHash, when),
      )),
      when,
    });
  }
  await endStaffWork(ctx);
  const [first] = customers;

  // Yelitza paid her activation the next day (credited to the ledger on the day it was approved).
  await approved(
    ctx,
    cast,
    { mailbox: first.mailbox, payment: first.payment },
    {
      method: 'Pago Móvil',
      reference: '0102-7781-4420',
      reportedDaysAgo: 44.2,
      processedDaysAgo: 44,
      adminNotes: 'Pago Móvil verificado. Casillero activado.',
    },
  );
  const [paid] = await ctx.tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, first.payment.id));
  await creditApprovedPayment(ctx.tx, paid, paid.processedBy, paid.processedAt!);

  // She pre-alerts two purchases; customer service confirms the first and the warehouse receives it.
  const specs = [
    {
      trackingNumber: '1Z4LA0918273645501',
      carrier: 'UPS',
      senderName: 'Walmart',
      description: 'Licuadora Oster de 10 velocidades con vaso de vidrio',
      quantityItems: 1,
      amountSpentUsdCents: 5999,
      estimatedWeight: 3.1,
      estimatedValueUsdCents: 5999,
      estadoTracking: 'Entregado a casillero',
      createdDaysAgo: 12,
      updatedDaysAgo: 8,
    },
    {
      trackingNumber: 'TBA318840027731',
      carrier: 'Amazon',
      senderName: 'Amazon',
      description: 'Zapatos deportivos Nike Revolution 7, talla 38',
      quantityItems: 1,
      amountSpentUsdCents: 6450,
      estimatedWeight: 0.9,
      estimatedValueUsdCents: 6450,
      estadoTracking: 'En tránsito',
      createdDaysAgo: 2,
      updatedDaysAgo: 2,
    },
  ] as const;
  const ids: string[] = [];
  for (const { createdDaysAgo: _c, updatedDaysAgo: _u, ...p } of specs) {
    const input = prealertCreateInput.parse({ ...p, notes: null, mailboxId: first.mailbox.id });
    ids.push((await createOwnPrealert(ctx.db, first.user.id, input, ctx.config)).id);
  }
  await asStaff(ctx, cast.staff.atencion, 'prealerts.confirm', () => confirmPrealert(ctx.db, ids[0], ctx.config));
  const { packageId } = await asStaff(ctx, cast.staff.almacen, 'prealerts.convert', () =>
    convertPrealert(
      ctx.db,
      prealertConvertInput.parse({ id: ids[0], actualWeight: 3.4, actualValueUsdCents: 5999 }),
      ctx.config,
    ),
  );
  await endStaffWork(ctx);

  // The story's dates, as the other parts move theirs.
  await ctx.tx.update(allies).set({ createdAt: created, updatedAt: created }).where(eq(allies.id, ally.id));
  const accounts = [{ id: login.id, when: created }, ...customers.map((c) => ({ id: c.user.id, when: c.when }))];
  await redate(
    ctx,
    users,
    users.id,
    accounts.map(({ id, when }) => ({
      key: id,
      dates: { createdAt: when, updatedAt: when, emailVerifiedAt: when, lastActiveAt: at(ctx, 1, 4) },
    })),
  );
  await redate(
    ctx,
    userProfiles,
    userProfiles.userId,
    accounts.map(({ id, when }) => ({ key: id, dates: { createdAt: when, updatedAt: when } })),
  );
  await redate(
    ctx,
    mailboxes,
    mailboxes.id,
    customers.map((c) => ({ key: c.mailbox.id, dates: { createdAt: c.when } })),
  );
  await ctx.tx
    .update(paymentTransactions)
    .set({ createdAt: customers[1].when, updatedAt: customers[1].when })
    .where(eq(paymentTransactions.id, customers[1].payment.id));
  await ctx.tx
    .update(paymentTransactions)
    .set({ createdAt: first.when })
    .where(eq(paymentTransactions.id, first.payment.id));
  for (const [i, p] of specs.entries()) {
    const updated = at(ctx, p.updatedDaysAgo);
    await ctx.tx
      .update(prealerts)
      .set({ createdAt: at(ctx, p.createdDaysAgo), updatedAt: updated, ...(i === 0 ? { convertedAt: updated } : {}) })
      .where(eq(prealerts.id, ids[i]));
  }
  const received = at(ctx, specs[0].updatedDaysAgo);
  await ctx.tx
    .update(packages)
    .set({ createdAt: received, receivedDate: received, updatedAt: received })
    .where(eq(packages.id, packageId));
  return { loginId: login.id, parcel: { customerId: first.user.id, packageId } };
}

/**
 * The warehouse ships Yelitza's licuadora home to Mérida (Crear Envío): the ally's portal shows it
 * in Envíos and in the month's Estado de cuenta.
 */
export async function shipAllyParcel(ctx: DemoContext, cast: DemoCast, { parcel }: DemoAlly): Promise<void> {
  const [spec] = DEMO_ALLY.customers;
  const recipientId = await insertRecipient(ctx.db, parcel.customerId, {
    fullName: spec.fullName,
    idDocument: spec.cedula,
    phone: spec.phone.replace(/\s/g, ''),
    state: 'Mérida',
    municipality: '',
    city: 'Mérida',
    address: 'Av. Las Américas, Res. Albarregas, torre B, apto 4-2, Mérida',
    reference: '',
    isAuthorized: true,
  });
  const { almacen } = cast.staff;
  await asStaff(ctx, almacen, 'shipments.create', () =>
    createShipment(
      ctx.db,
      ctx.config,
      almacen.id,
      shipmentCreateInput.parse({
        userId: parcel.customerId,
        recipientId,
        deliveryMethod: 'home',
        packageIds: [parcel.packageId],
        shippingCostUsdCents: 2870,
      }),
    ),
  );
  await endStaffWork(ctx);
}
