import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { emailOutbox, notifications } from '../db/schema';
import { notifyEach, notifyUser } from '../services/notify';
import { createTestDatabase } from '../test/db';
import { customerWithActiveMailbox } from '../test/factories';
import { knownSilenced, silenceNotifications } from './notifications-off';

const note = { title: 'Paquete recibido', message: 'Tu paquete llegó al almacén.', type: 'general' as const };

describe('a transaction that notifies nobody', () => {
  let database: Database;
  let userId: string;
  const written = async () => ({
    notifications: (
      await database.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId))
    )[0].n,
    emails: (await database.db.select({ n: count() }).from(emailOutbox))[0].n,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    userId = (await customerWithActiveMailbox(database.db)).user.id;
  });
  afterAll(() => database.close());

  it('writes no notification, e-mail or WhatsApp message once silenced, in the savepoints inside it too', async () => {
    const before = await written();
    await database.db.transaction(async (tx) => {
      await silenceNotifications(tx);
      expect(knownSilenced(tx)).toBe(true);
      expect(await notifyUser(tx, userId, note, { kind: 'package_received', email: 'default' })).toBeNull();
      expect(await notifyEach(tx, [{ userId, n: note }], { kind: 'package_received', email: 'default' })).toBe(0);
      // A savepoint: on postgres.js another session object, still silenced by the setting.
      await tx.transaction(async (inner: DbOrTx) => {
        expect(await notifyUser(inner, userId, note, { kind: 'package_received', email: 'default' })).toBeNull();
      });
    });
    expect(await written()).toEqual(before);
  });

  it('ends with its transaction: the next one notifies as usual', async () => {
    const before = await written();
    await database.db.transaction(async (tx) => {
      expect(knownSilenced(tx)).toBe(false);
      expect(await notifyUser(tx, userId, note, { kind: 'package_received', email: 'default' })).not.toBeNull();
    });
    const after = await written();
    expect(after.notifications).toBe(before.notifications + 1);
    expect(after.emails).toBe(before.emails + 1);
  });
});
