import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@casillero/shared';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/db';
import { trpcError } from '../../test/caller';
import { signedInCustomer } from '../../test/factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

describe('profile', () => {
  it('reads the own profile with the account e-mail', async () => {
    const { caller, email } = await signedInCustomer(db(), { nombre: 'Rosa Marín' });
    const profile = await caller.profile.get();
    expect(profile).toMatchObject({ email, fullName: 'Rosa Marín', phone: null, cedula: null, venezuelaState: null });
  });

  it('trims, cuts at 255, filters the phone, normalises the cédula and keeps the changes', async () => {
    const { caller, email } = await signedInCustomer(db());
    const long = `  ${'a'.repeat(300)}  `;
    const updated = await caller.profile.update({
      fullName: '  Rosa María Marín  ',
      phone: '+58 (424) 123-4567 ext. 89 abc 0000000',
      cedula: ' v18456789 ',
      venezuelaAddress: long,
      venezuelaCity: '  Caracas ',
      venezuelaState: 'Miranda',
    });
    expect(updated).toMatchObject({
      email,
      fullName: 'Rosa María Marín',
      cedula: 'V-18456789',
      venezuelaCity: 'Caracas',
      venezuelaState: 'Miranda',
    });
    expect(updated.phone).toBe('+58 (424) 123-4567');
    expect(updated.phone!.length).toBeLessThanOrEqual(20);
    expect(updated.venezuelaAddress).toHaveLength(255);
    // The session's name follows the profile.
    expect((await caller.auth.me()).user?.fullName).toBe('Rosa María Marín');

    const cleared = await caller.profile.update({
      fullName: 'Rosa María Marín',
      phone: '',
      cedula: '',
      venezuelaAddress: ' ',
      venezuelaCity: '',
      venezuelaState: '',
    });
    expect(cleared).toMatchObject({
      phone: null,
      cedula: null,
      venezuelaAddress: null,
      venezuelaCity: null,
      venezuelaState: null,
    });
  });

  it('cuts at 255 characters, never inside one: an emoji, a family emoji and an accent survive whole', async () => {
    const { caller } = await signedInCustomer(db());
    const emoji = '📦';
    const family = '👨‍👩‍👧';
    const accent = 'e\u0301';
    const updated = await caller.profile.update({
      fullName: `Rosa ${'a'.repeat(249)}${emoji}${emoji}`,
      venezuelaAddress: `${'b'.repeat(252)}${family}`,
      venezuelaCity: `${'c'.repeat(253)}${accent}x`,
    });
    expect(updated.fullName).toBe(`Rosa ${'a'.repeat(249)}${emoji}`);
    expect(updated.venezuelaAddress).toBe('b'.repeat(252));
    expect(updated.venezuelaCity).toBe(`${'c'.repeat(253)}${accent}`);
    for (const text of [updated.fullName, updated.venezuelaAddress, updated.venezuelaCity])
      expect(text).not.toContain('\ufffd');
    // What the database kept, read again.
    expect((await caller.profile.get()).fullName).toBe(`Rosa ${'a'.repeat(249)}${emoji}`);
  });

  it('refuses a full name under 2 characters with the spec text, an unknown state and a malformed cédula', async () => {
    const { caller } = await signedInCustomer(db());
    const short = await trpcError(caller.profile.update({ fullName: '  A  ' }));
    expect(short.code).toBe('BAD_REQUEST');
    expect(short.message).toBe(PROFILE_MESSAGES.fullNameMin);
    const state = await trpcError(
      caller.profile.update({ fullName: 'Rosa Marín', venezuelaState: 'Florida' as never }),
    );
    expect(state.code).toBe('BAD_REQUEST');
    const cedula = await trpcError(caller.profile.update({ fullName: 'Rosa Marín', cedula: 'abc' }));
    expect(cedula.code).toBe('BAD_REQUEST');
  });

  it('changes only the caller’s own profile: an extra user id in the input is ignored', async () => {
    const a = await signedInCustomer(db(), { nombre: 'Cliente Uno' });
    const b = await signedInCustomer(db(), { nombre: 'Cliente Dos' });
    await a.caller.profile.update({ fullName: 'Cliente Uno Cambiado', userId: b.user.id } as never);
    expect((await b.caller.profile.get()).fullName).toBe('Cliente Dos');
    expect((await a.caller.profile.get()).fullName).toBe('Cliente Uno Cambiado');
  });
});
