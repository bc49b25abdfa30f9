// A transaction that tells nobody. Every change that concerns a customer notifies them through
// services/notify.ts: the in-app notification, and the e-mail and WhatsApp message it queues
// with it. A transaction that calls `silenceNotifications` first writes none of them; the
// setting ends with the transaction, as the audit settings do (audit/audit-context.ts).
//
// Only the demo (server/src/demo/) does: its services would tell fictitious customers, at the
// moment of seeding, about things that happened months before, and queue messages that nothing
// of the demo should send. The demo writes its own dated notifications instead
// (docs/decisions/027-demo-start-up-speed.md).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

// The connection a silenced transaction runs on, so that notify.ts can skip the statement it
// would send for nothing. Only a shortcut: a savepoint on postgres.js runs on another session
// object and still sends it, and the setting above still keeps it from writing.
const silencedSessions = new WeakSet<object>();
const sessionOf = (tx: DbOrTx) => (tx as unknown as { session?: object }).session;

/** From now until the transaction ends, no customer is notified of what it does. */
export async function silenceNotifications(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select set_config('app.notifications', 'off', true)`);
  const session = sessionOf(tx);
  if (session) silencedSessions.add(session);
}

/** True when `tx` is known to be silenced: its notifications need not even be sent. */
export function knownSilenced(tx: DbOrTx): boolean {
  const session = sessionOf(tx);
  return session !== undefined && silencedSessions.has(session);
}

/** SQL that is true unless the transaction silenced its notifications. */
export const notificationsOn = sql`current_setting('app.notifications', true) is distinct from 'off'`;
