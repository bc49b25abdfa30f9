// Inputs that once answered 500 (an SQL error from the database) in the fuzzing of every procedure
// (docs/product/security.md#fuzzed-procedures), kept as plain cases so that they run whatever the
// seed: each is refused with its Spanish message, shows no internals and writes nothing.
import type { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { callerFor, newVisitor } from '../test/caller';
import { homeDeliveryTo } from '../test/factories';
import { CLIENT_MESSAGES, GENERIC_MESSAGES, SHIPMENT_MESSAGES } from '@casillero/shared';
import {
  useFuzz,
  procedures,
  journalPosition,
  describeWrites,
  writesSince,
  db,
  freshIp,
  callerAs,
  invoke,
  problemsOf,
  preview,
  known,
} from '../test/fuzz';

useFuzz();

describe('inputs that found bugs', () => {
  async function expectRefused(
    role: 'anonymous' | 'admin' | 'customer',
    path: string,
    input: unknown,
    expected: { code: string; message: string },
  ) {
    const signed = await callerAs(role);
    const caller = signed?.caller ?? callerFor(db(), newVisitor({ ip: freshIp() }));
    const position = await journalPosition();
    const outcome = await invoke(caller, path, input);
    expect(outcome.ok, `${path} ${preview(input)}`).toBe(false);
    const error = (outcome as { error: unknown }).error;
    const type = procedures.find((p) => p.path === path)!.type;
    expect(problemsOf(error, path, type, input)).toEqual([]);
    expect({ code: (error as TRPCError).code, message: (error as TRPCError).message }).toEqual(expected);
    expect(describeWrites(await writesSince(position))).toEqual([]);
  }

  it('a day the calendar lacks (year 0000, 30 February): the audit filters ignore it, a shipment refuses it', async () => {
    const admin = (await callerAs('admin'))!.caller;
    // The audit log's URL filters fall back to "no limit", as its other filters do.
    const everything = await admin.audit.list({});
    expect(everything.rows.length).toBeGreaterThan(0);
    expect(await admin.audit.list({ to: '0000-00-00' })).toEqual(everything);
    expect(await admin.audit.count({ from: '2024-02-30' })).toEqual(await admin.audit.count({}));
    const shipment = {
      id: known.shipmentId,
      ...(await homeDeliveryTo(db(), known.customerId)),
      estimatedDelivery: '2024-02-30',
    };
    const dateInvalid = { code: 'BAD_REQUEST', message: SHIPMENT_MESSAGES.dateInvalid };
    await expectRefused('admin', 'shipments.update', shipment, dateInvalid);
    await expectRefused(
      'admin',
      'shipments.create',
      { ...shipment, id: undefined, userId: known.customerId, packageIds: [known.packageId] },
      dateInvalid,
    );
  });

  it('a NUL character in any text: refused as invalid input, for anyone, before it reaches SQL', async () => {
    const invalid = { code: 'BAD_REQUEST', message: GENERIC_MESSAGES.invalidInput };
    await expectRefused(
      'anonymous',
      'contact.send',
      { nombre: 'Ana', email: 'ana@ejemplo.com', mensaje: 'Hola\u0000mundo' },
      invalid,
    );
    await expectRefused(
      'anonymous',
      'auth.signIn',
      { email: 'ana@ejemplo.com', password: 'Clave#\u0000Segura1' },
      invalid,
    );
    await expectRefused('customer', 'profile.update', { fullName: 'Ana\u0000Pérez' }, invalid);
    await expectRefused('customer', 'account.signOutSession', { id: 'Texto \u0000 fin' }, invalid);
    await expectRefused('admin', 'trackings.clients', { q: 'Texto a\u0000b fin' }, invalid);
    await expectRefused('admin', 'packages.count', { q: 'Texto a\u0000b fin' }, invalid);
  });

  it('a ledger correction (docs/decisions/021-billing-in-bolivares.md) for an id that is no customer: not found, nothing written', async () => {
    const notFound = { code: 'NOT_FOUND', message: CLIENT_MESSAGES.notFound };
    const correction = { kind: 'adjustment', amountUsd: 1, reason: 'Ajuste de prueba' };
    // A shipment's id, and a staff member's: neither has a ledger.
    await expectRefused('admin', 'billing.recordEntry', { ...correction, userId: known.shipmentId }, notFound);
    await expectRefused(
      'admin',
      'billing.recordEntry',
      { ...correction, userId: (await callerAs('admin'))!.userId },
      notFound,
    );
  });
});
