// docs/product/security.md#fuzzed-procedures: every procedure of the app router, fuzzed. Inputs come from the procedure's
// own zod input schema (test/zod-arbitrary.ts): valid ones, valid ones with hostile parts, and
// hostile values of any shape; each is sent as an anonymous visitor, a customer and an
// administrator. Whatever the input, the answer is never a 5xx, no message carries internals
// (a stack, a file path, SQL, English framework text), and a refused call leaves the database as
// it was (test/write-journal.ts). A procedure added later is fuzzed too. The walk, the callers and
// FUZZ_RUNS / FUZZ_SEED are in test/fuzz.ts.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { callerFor, newVisitor } from '../test/caller';
import {
  useFuzz,
  procedures,
  inputArbitrary,
  pools,
  plan,
  TOTAL_RUNS,
  ROLES,
  watchedTables,
  callers,
  journalPosition,
  describeWrites,
  writesSince,
  db,
  freshIp,
  callerAs,
  invoke,
  tally,
  problemsOf,
  pairSeed,
  pairSeconds,
  SEED,
  preview,
} from '../test/fuzz';
import { REFUSAL_WRITES } from '../test/write-journal';
import { topClientCountsSettled } from '../queries/reports';

useFuzz({ report: true });

describe('fuzzing (docs/product/security.md#fuzzed-procedures)', () => {
  it('walks every procedure, builds an input generator from each schema, and spreads the runs exactly', () => {
    expect(procedures.length).toBeGreaterThan(50);
    for (const p of procedures) expect(() => inputArbitrary(p.inputs, pools), p.path).not.toThrow();
    expect(plan.reduce((sum, p) => sum + p.runs, 0)).toBe(TOTAL_RUNS);
    expect(plan).toHaveLength(procedures.length * ROLES.length);
  });

  it('journals the writes to every business table, and nothing else', async () => {
    expect(watchedTables).toEqual(
      expect.arrayContaining(['users', 'trackings', 'payment_transactions', 'audit_log', 'email_outbox', 'sessions']),
    );
    expect(watchedTables).not.toContain('rate_limit_events');
    const customer = callers.customer!.caller;
    const name = 'Cliente Fuzz Cambiado';
    let position = await journalPosition();
    await customer.profile.update({ fullName: name });
    expect(describeWrites(await writesSince(position))).toEqual(['user_profiles UPDATE ×1']);
    // A row written with the values it had: no change, no entry. A rolled-back write leaves none either.
    position = await journalPosition();
    await db().execute(sql`update user_profiles set full_name = full_name`);
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`update user_profiles set full_name = 'Otro' where user_id = ${callers.customer!.userId}`);
        throw new Error('deshacer');
      })
      .catch(() => {});
    expect(await writesSince(position)).toEqual([]);
  });

  describe.each(
    plan.filter((p) => p.runs > 0).map((p) => [p.procedure.path, p.role, p] as const),
  )('%s as %s', (path, role, pair) => {
    it('never answers 5xx nor shows internals, and a refused call changes nothing', { timeout: 300_000 }, async () => {
      const { procedure, runs } = pair;
      const pairStarted = performance.now();
      const anonymous = newVisitor({ ip: freshIp() });
      let signed = await callerAs(role);
      let position = await journalPosition();

      const property = fc.asyncProperty(inputArbitrary(procedure.inputs, pools), async (input) => {
        // A generated sign-in or invitation may sign the anonymous visitor in: start anew.
        anonymous.token = null;
        // A new address per call: per-IP throttling would otherwise answer most calls after the
        // first few, before their input is read (per-account limits still apply).
        anonymous.ip = freshIp();
        if (signed) signed.visitor.ip = freshIp();
        const caller = signed?.caller ?? callerFor(db(), anonymous);
        const outcome = await invoke(caller, path, input);
        tally.calls++;
        if (outcome.ok) {
          tally.succeeded++;
          // The mutation may have signed the caller out or changed its role (see callerAs).
          if (procedure.type === 'mutation') signed = await callerAs(role);
          // A report counts its top clients in the background after answering: those writes are its own.
          await topClientCountsSettled();
          position = await journalPosition();
          return;
        }
        tally.refused++;
        const problems = problemsOf(outcome.error, path, procedure.type, input);
        const allowed = REFUSAL_WRITES[path];
        const code = outcome.error instanceof TRPCError ? outcome.error.code : null;
        const writes = await writesSince(position);
        const unexpected = writes.filter((w) => !(allowed?.code === code && allowed.tables.includes(w.table)));
        problems.push(...describeWrites(unexpected).map((w) => `rechazada, pero escribió en ${w}`));
        if (writes.length) position = await journalPosition();
        if (problems.length) throw new Error(problems.join('\n'));
      });

      const details = await fc.check(property, { seed: pairSeed(path, role), numRuns: runs });
      pairSeconds.push([`${path} (${role})`, (performance.now() - pairStarted) / 1000]);
      if (details.failed) {
        const error =
          details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        throw new Error(
          `${path} como ${role}:\n${error}\nentrada: ${preview(details.counterexample?.[0])}\n` +
            `repetir: FUZZ_SEED=${SEED} FUZZ_RUNS=${TOTAL_RUNS} (semilla del par ${details.seed}, camino ${details.counterexamplePath})`,
        );
      }
    });
  });
});
