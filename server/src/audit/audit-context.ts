// Who is changing things, for the audit triggers (migration 0011): a staff mutation runs in one
// transaction whose first statement sets app.audit_* with set_config(…, true). Every audited
// row the procedure writes, through any service, then leaves its entry in the same transaction,
// and the settings end with it. A failed procedure rolls back its changes and their entries.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditActor = {
  userId: string;
  role: string;
  /** The procedure ('packages.update') or 'auth.signIn'. */
  action: string;
  ip: string | null;
  userAgent: string | null;
  requestId?: string;
};

export async function setAuditContext(tx: DbOrTx, actor: AuditActor): Promise<void> {
  await tx.execute(sql`select
    set_config('app.audit_actor', ${actor.userId}, true),
    set_config('app.audit_role', ${actor.role}, true),
    set_config('app.audit_action', ${actor.action}, true),
    set_config('app.audit_ip', ${actor.ip ?? ''}, true),
    set_config('app.audit_user_agent', ${actor.userAgent ?? ''}, true),
    set_config('app.audit_request', ${actor.requestId ?? randomUUID()}, true)`);
}

/** Thrown inside the transaction to roll it back when the procedure answered with an error. */
class ProcedureFailed extends Error {}

/**
 * Runs a staff mutation in an audited transaction. `run` gets the transaction and returns the
 * procedure's result; a result that is not ok rolls the transaction back and is returned as is.
 */
export async function runAudited<R extends { ok: boolean }>(
  db: Db,
  actor: AuditActor,
  run: (tx: Db) => Promise<R>,
): Promise<R> {
  let failed: R | undefined;
  try {
    return await db.transaction(async (tx) => {
      await setAuditContext(tx, actor);
      const result = await run(tx as unknown as Db);
      if (!result.ok) {
        failed = result;
        throw new ProcedureFailed();
      }
      return result;
    });
  } catch (error) {
    if (failed) return failed;
    throw error;
  }
}

/** A staff sign-in: written directly (no row changes), in the caller's transaction or alone. */
export async function recordStaffSignIn(db: DbOrTx, actor: Omit<AuditActor, 'action'>): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.userId,
    actorRole: actor.role,
    action: 'auth.signIn',
    entity: 'users',
    entityId: actor.userId,
    operation: 'sign_in',
    ip: actor.ip,
    userAgent: actor.userAgent,
    requestId: actor.requestId ?? null,
  });
}

/**
 * An audit entry written by hand, for a change no trigger records (a row of a table without an
 * audit trigger, such as app_settings or notifications), with the same who/what/where the
 * triggers read from the staff procedure's transaction. Outside a staff procedure (no actor) it
 * writes nothing, as the triggers do.
 */
export async function writeAuditEntry(
  tx: DbOrTx,
  entry: {
    entity: string;
    entityId: string;
    operation: 'insert' | 'update' | 'delete';
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into audit_log (actor_id, actor_role, action, entity, entity_id, operation, before, after, ip, user_agent, request_id)
    select nullif(current_setting('app.audit_actor', true), '')::uuid, current_setting('app.audit_role', true),
           current_setting('app.audit_action', true), ${entry.entity}, ${entry.entityId}, ${entry.operation},
           ${entry.before === null ? null : JSON.stringify(entry.before)}::jsonb,
           ${entry.after === null ? null : JSON.stringify(entry.after)}::jsonb,
           nullif(current_setting('app.audit_ip', true), ''), nullif(current_setting('app.audit_user_agent', true), ''),
           nullif(current_setting('app.audit_request', true), '')
    where coalesce(current_setting('app.audit_actor', true), '') <> ''`);
}
