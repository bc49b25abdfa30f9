import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@casillero/shared';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { notifyUser } from '../../services/notify';
import { createTestDatabase } from '../../test/db';
import { callerFor, newVisitor, trpcError } from '../../test/caller';
import { STRONG_PASSWORD, signedInCustomer } from '../../test/factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

async function mailsTo(email: string) {
  const rows = await db().select({ to: emailOutbox.to }).from(emailOutbox);
  return rows.filter((r) => r.to.includes(email)).length;
}

async function secondBrowser(email: string, userAgent: string, ip: string) {
  const visitor = newVisitor({ userAgent, ip });
  const caller = callerFor(db(), visitor);
  await caller.auth.signIn({ email, password: STRONG_PASSWORD });
  return { visitor, caller };
}

describe('Configuración', () => {
  it('lists the active sessions with device, IP and dates, marking the current one', async () => {
    const { caller, email } = await signedInCustomer(db());
    await secondBrowser(email, 'Mozilla/5.0 (iPhone)', '10.20.0.1');
    const list = await caller.account.sessions();
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.isCurrent)).toHaveLength(1);
    const phone = list.find((s) => !s.isCurrent)!;
    expect(phone).toMatchObject({ userAgent: 'Mozilla/5.0 (iPhone)', ip: '10.20.0.1' });
    expect(new Date(phone.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('signs out one other session, or all the others, and keeps the current one', async () => {
    const { caller, email } = await signedInCustomer(db());
    const phone = await secondBrowser(email, 'teléfono', '10.21.0.1');
    const tablet = await secondBrowser(email, 'tableta', '10.21.0.2');
    const phoneSession = (await caller.account.sessions()).find((s) => s.userAgent === 'teléfono')!;
    expect((await caller.account.signOutSession({ id: phoneSession.id })).message).toBe(ACCOUNT_MESSAGES.sessionEnded);
    expect((await phone.caller.auth.me()).user).toBeNull();
    expect((await tablet.caller.auth.me()).user?.email).toBe(email);

    const current = (await caller.account.sessions()).find((s) => s.isCurrent)!;
    const self = await trpcError(caller.account.signOutSession({ id: current.id }));
    expect(self.message).toBe(ACCOUNT_MESSAGES.cannotEndCurrent);

    expect((await caller.account.signOutOthers()).ended).toBe(1);
    expect((await tablet.caller.auth.me()).user).toBeNull();
    expect((await caller.auth.me()).user?.email).toBe(email);
    expect(await caller.account.sessions()).toHaveLength(1);
  });

  it('changing the password ends the other sessions (auth.changePassword)', async () => {
    const { caller, email } = await signedInCustomer(db());
    const other = await secondBrowser(email, 'otro', '10.22.0.1');
    await caller.auth.changePassword({ currentPassword: STRONG_PASSWORD, newPassword: 'Nueva#Clave2027' });
    expect((await other.caller.auth.me()).user).toBeNull();
    expect(await caller.account.sessions()).toHaveLength(1);
  });

  it('a customer cannot end another customer’s session', async () => {
    const a = await signedInCustomer(db());
    const b = await signedInCustomer(db());
    const [bSession] = await b.caller.account.sessions();
    const err = await trpcError(a.caller.account.signOutSession({ id: bSession.id }));
    expect(err.code).toBe('NOT_FOUND');
    expect((await b.caller.auth.me()).user?.email).toBe(b.email);
    expect((await a.caller.account.sessions()).every((s) => s.id !== bSession.id)).toBe(true);
  });

  it('turns status e-mails off and on; notifications still arrive in the app', async () => {
    const { caller, user, email } = await signedInCustomer(db());
    expect(await caller.account.emailPreferences()).toEqual({ emailNotifications: true });
    expect(await caller.account.setEmailPreferences({ emailNotifications: false })).toEqual({
      emailNotifications: false,
    });
    const before = await mailsTo(email);
    await notifyUser(
      db(),
      user.id,
      { title: 'Paquete recibido', message: 'Llegó tu paquete', type: 'package' },
      { kind: 'package_received', email: 'default' },
    );
    expect(await mailsTo(email)).toBe(before);
    expect((await caller.notifications.unreadCount()).count).toBe(1);
    expect(await caller.account.setEmailPreferences({ emailNotifications: true })).toEqual({
      emailNotifications: true,
    });
  });
});
