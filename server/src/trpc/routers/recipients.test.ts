import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RECIPIENT_MESSAGES as M, type RecipientCreateInput } from '@casillero/shared';
import type { Database } from '../../db/client';
import { agencies, recipients } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { trpcError } from '../../test/caller';
import { signedInAdmin, signedInCustomer, signedInStaff } from '../../test/factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

const carmen: RecipientCreateInput = {
  fullName: 'Carmen Rodríguez',
  idDocument: 'v-9.876.543',
  phone: '0414 765 4321',
  state: 'Carabobo',
  municipality: 'Naguanagua',
  city: 'Valencia',
  address: 'Urb. La Granja, calle 3, casa 12',
  reference: 'Cerca de la Universidad de Carabobo',
  isAuthorized: true,
};

describe('recipients', () => {
  it('starts the book with the account holder, made from the profile, as the default', async () => {
    const { caller } = await signedInCustomer(db(), { nombre: 'María González' });
    await caller.profile.update({
      fullName: 'María González',
      phone: '0412-5550001',
      cedula: 'V-15234567',
      venezuelaAddress: 'Av. Libertador, Res. El Parque, apto 5A',
      venezuelaCity: 'Caracas',
      venezuelaState: 'Distrito Capital',
    });
    const book = await caller.recipients.mine();
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({
      fullName: 'María González',
      idDocument: 'V-15234567',
      phone: '+584125550001',
      state: 'Distrito Capital',
      city: 'Caracas',
      address: 'Av. Libertador, Res. El Parque, apto 5A',
      isAccountHolder: true,
      complete: true,
    });
    // Read again: still one account holder.
    expect(await caller.recipients.mine()).toHaveLength(1);
  });

  it('leaves an incomplete account holder when the profile has no address yet', async () => {
    const { caller } = await signedInCustomer(db(), { nombre: 'Pedro Sin Datos' });
    const [holder] = await caller.recipients.mine();
    expect(holder).toMatchObject({ fullName: 'Pedro Sin Datos', idDocument: null, phone: null, complete: false });
  });

  it('adds, corrects and archives a recipient, kept in one written form', async () => {
    const { caller, user } = await signedInCustomer(db(), { nombre: 'Luisa Páez' });
    const created = await caller.recipients.create(carmen);
    expect(created).toMatchObject({
      fullName: 'Carmen Rodríguez',
      idDocument: 'V-9876543',
      phone: '+584147654321',
      isAuthorized: true,
      isAccountHolder: false,
      complete: true,
    });
    const names = (await caller.recipients.mine()).map((r) => r.fullName);
    expect(names).toEqual(['Luisa Páez', 'Carmen Rodríguez']);

    const updated = await caller.recipients.update({
      ...carmen,
      id: created.id,
      isAuthorized: false,
      city: 'Naguanagua',
    });
    expect(updated).toMatchObject({ city: 'Naguanagua', isAuthorized: false });

    await caller.recipients.archive({ id: created.id });
    expect((await caller.recipients.mine()).map((r) => r.fullName)).toEqual(['Luisa Páez']);
    // Archived, not deleted: shipments that name it keep it.
    const [row] = await db().select().from(recipients).where(eq(recipients.id, created.id));
    expect(row.archivedAt).not.toBeNull();
    expect(row.userId).toBe(user.id);

    // An archived recipient can no longer be changed.
    const err = await trpcError(caller.recipients.update({ ...carmen, id: created.id }));
    expect(err).toMatchObject({ code: 'NOT_FOUND', message: M.notFound });
  });

  it('refuses a bad cédula or phone with its Spanish message, changing nothing', async () => {
    const { caller } = await signedInCustomer(db());
    const badDoc = await trpcError(caller.recipients.create({ ...carmen, idDocument: 'J-12345678-0' }));
    expect(badDoc).toMatchObject({ code: 'BAD_REQUEST', message: M.idDocumentInvalid });
    const badPhone = await trpcError(caller.recipients.create({ ...carmen, phone: '+1 305 555 1234' }));
    expect(badPhone).toMatchObject({ code: 'BAD_REQUEST', message: M.phoneInvalid });
    expect((await caller.recipients.mine()).map((r) => r.isAccountHolder)).toEqual([true]);
  });

  it('keeps the account holder in the book', async () => {
    const { caller } = await signedInCustomer(db());
    const [holder] = await caller.recipients.mine();
    const err = await trpcError(caller.recipients.archive({ id: holder.id }));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: M.accountHolderArchive });
    expect(await caller.recipients.mine()).toHaveLength(1);
  });

  it("answers another customer's recipient as a missing one", async () => {
    const ana = await signedInCustomer(db(), { nombre: 'Ana' });
    const beto = await signedInCustomer(db(), { nombre: 'Beto' });
    const anas = await ana.caller.recipients.create(carmen);

    const update = await trpcError(beto.caller.recipients.update({ ...carmen, id: anas.id, fullName: 'Otro' }));
    expect(update).toMatchObject({ code: 'NOT_FOUND', message: M.notFound });
    const archive = await trpcError(beto.caller.recipients.archive({ id: anas.id }));
    expect(archive).toMatchObject({ code: 'NOT_FOUND', message: M.notFound });
    const missing = await trpcError(beto.caller.recipients.archive({ id: randomUUID() }));
    expect(missing.code).toBe('NOT_FOUND');

    expect((await ana.caller.recipients.mine()).find((r) => r.id === anas.id)).toMatchObject({
      fullName: 'Carmen Rodríguez',
    });
    expect((await beto.caller.recipients.mine()).map((r) => r.fullName)).toEqual(['Beto']);
  });

  it("lets staff who create shipments read a customer's book, and nobody else", async () => {
    const customer = await signedInCustomer(db(), { nombre: 'Rosa Marín' });
    await customer.caller.recipients.create(carmen);
    const admin = await signedInAdmin(db());
    const book = await admin.caller.recipients.ofCustomer({ userId: customer.user.id });
    expect(book.map((r) => r.fullName)).toEqual(['Rosa Marín', 'Carmen Rodríguez']);

    const other = await signedInCustomer(db());
    const asCustomer = await trpcError(other.caller.recipients.ofCustomer({ userId: customer.user.id }));
    expect(asCustomer.code).toBe('FORBIDDEN');
    const caja = await signedInStaff(db(), 'caja');
    const asCaja = await trpcError(caja.caller.recipients.ofCustomer({ userId: customer.user.id }));
    expect(asCaja.code).toBe('FORBIDDEN');
  });

  it("lets staff who create shipments add a recipient to a customer's book, and nobody else", async () => {
    const customer = await signedInCustomer(db(), { nombre: 'Luisa Prieto' });
    const admin = await signedInAdmin(db());
    const almacen = await signedInStaff(db(), 'almacen');
    const created = await almacen.caller.recipients.createForCustomer({ ...carmen, userId: customer.user.id });
    expect(created).toMatchObject({
      fullName: 'Carmen Rodríguez',
      idDocument: 'V-9876543',
      phone: '+584147654321',
      isAccountHolder: false,
      complete: true,
      message: M.createdForCustomer('Luisa Prieto'),
    });
    // The customer finds it in their own book, after themselves (the account holder).
    expect((await customer.caller.recipients.mine()).map((r) => r.fullName)).toEqual([
      'Luisa Prieto',
      'Carmen Rodríguez',
    ]);
    // The same rules as the customer's own form.
    const badPhone = await trpcError(
      admin.caller.recipients.createForCustomer({ ...carmen, phone: '+1 305 555 1234', userId: customer.user.id }),
    );
    expect(badPhone.message).toBe(M.phoneInvalid);
    // Only a customer's book: a staff account or nobody is a missing customer.
    const staffBook = await trpcError(
      admin.caller.recipients.createForCustomer({ ...carmen, userId: almacen.user.id }),
    );
    expect(staffBook).toMatchObject({ code: 'NOT_FOUND', message: M.customerNotFound });
    const nobody = await trpcError(admin.caller.recipients.createForCustomer({ ...carmen, userId: randomUUID() }));
    expect(nobody.code).toBe('NOT_FOUND');

    const other = await signedInCustomer(db());
    const asCustomer = await trpcError(
      other.caller.recipients.createForCustomer({ ...carmen, userId: customer.user.id }),
    );
    expect(asCustomer.code).toBe('FORBIDDEN');
    const caja = await signedInStaff(db(), 'caja');
    const asCaja = await trpcError(caja.caller.recipients.createForCustomer({ ...carmen, userId: customer.user.id }));
    expect(asCaja.code).toBe('FORBIDDEN');
    expect((await customer.caller.recipients.mine()).length).toBe(2);
  });

  it('finds the active agencies of a state, by city text, for the delivery choice', async () => {
    const base = { kind: 'partner' as const, address: 'Av. Principal, local 1', hours: '', phone: '' };
    await db()
      .insert(agencies)
      .values([
        { ...base, carrier: 'MRW', code: 'T-MRW-VLN', name: 'Valencia Centro', state: 'Carabobo', city: 'Valencia' },
        { ...base, carrier: 'Zoom', code: 'T-ZOOM-NAG', name: 'Naguanagua', state: 'Carabobo', city: 'Naguanagua' },
        {
          ...base,
          carrier: 'Tealca',
          code: 'T-TEALCA-VLN',
          name: 'Cerrada',
          state: 'Carabobo',
          city: 'Valencia',
          active: false,
        },
        { ...base, carrier: 'MRW', code: 'T-MRW-BQTO', name: 'Barquisimeto', state: 'Lara', city: 'Barquisimeto' },
      ]);
    const { caller } = await signedInCustomer(db());
    const names = async (input: { state?: 'Carabobo' | 'Lara'; city?: string }) =>
      (await caller.agencies.search(input)).map((a) => `${a.carrier} ${a.name}`);
    expect(await names({ state: 'Carabobo' })).toEqual(['Zoom Naguanagua', 'MRW Valencia Centro']);
    expect(await names({ state: 'Carabobo', city: 'valen' })).toEqual(['MRW Valencia Centro']);
    expect(await names({ state: 'Carabobo', city: '%' })).toEqual([]);
    expect(await names({ state: 'Lara' })).toEqual(['MRW Barquisimeto']);
  });
});
