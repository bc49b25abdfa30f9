// The simulated day (docs/product/invariants.md): random sequences of the real procedures by
// every role, on a copy of one world per run, with the business's invariants checked after every
// step. A failing sequence is shrunk by fast-check and printed with its seed and replay path.
//
// SIM_STEPS: how many steps in all (default 300, the short day of `npm test`; CI's long day runs
// 10,000 on PostgreSQL through `npm run test:simulated-day`). SIM_STEPS_PER_RUN: the most steps of
// one run (default 300; each run has between 0 and that many). SIM_SEED: replays a day; SIM_TRACE=1
// prints every step with its outcome.
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { newModel, type Model, type SimCommand } from './command';
import { ALL_COMMANDS } from './commands';
import { TIMINGS } from './invariants';
import { worldDatabases, type WorldDatabases } from './world-database';
import { buildWorld, worldOf, type WorldData } from './world';

const STEPS = Number(process.env.SIM_STEPS ?? 300);
const STEPS_PER_RUN = Number(process.env.SIM_STEPS_PER_RUN ?? 300);
const SEED = Number(process.env.SIM_SEED ?? Date.now() % 2_147_483_647);
/**
 * A minute per 200 steps, and at least ten minutes: the short day of `npm test` shares two cores
 * with every other test file (300 steps took over two minutes there in CI).
 */
const TIME_LIMIT_MS = Number(process.env.SIM_TIME_LIMIT_MS ?? Math.max(600_000, STEPS * 300));

let databases: WorldDatabases<WorldData>;

beforeAll(async () => {
  databases = await worldDatabases(buildWorld);
}, 180_000);
afterAll(async () => {
  await databases?.close();
});

/** Per command, how many steps acted, how many the procedures refused, and how many found nothing to do. */
function mergeTally(into: Model['tally'], from: Model['tally']) {
  for (const [name, t] of from) {
    const sum = into.get(name) ?? { acted: 0, refused: 0, idle: 0 };
    into.set(name, { acted: sum.acted + t.acted, refused: sum.refused + t.refused, idle: sum.idle + t.idle });
  }
}

it(
  `runs ${STEPS} steps of the business's day and keeps every invariant after each one`,
  async () => {
    const started = Date.now();
    const tally: Model['tally'] = new Map();
    let steps = 0;
    let idle = 0;
    let failedOnce = false;
    let runs = 0;
    console.log(
      `Día simulado: ${STEPS} pasos, hasta ${STEPS_PER_RUN} por corrida, semilla ${SEED} (SIM_SEED=${SEED} lo repite)`,
    );
    const property = fc.asyncProperty(
      fc.commands<Model, ReturnType<typeof worldOf>, false>(ALL_COMMANDS, { maxCommands: STEPS_PER_RUN, size: 'max' }),
      async (commands) => {
        const database = await databases.copy();
        const model = newModel();
        try {
          const world = worldOf(database, databases.world);
          await fc.asyncModelRun(() => ({ model, real: world }), commands as Iterable<SimCommand>);
        } catch (err) {
          // The first failure as it happened, before fast-check shrinks it (which replays it many times).
          if (!failedOnce) console.log(`Primera falla, antes de reducirla:\n${err instanceof Error ? err.stack : err}`);
          failedOnce = true;
          throw err;
        } finally {
          await database.close();
        }
        if (process.env.SIM_TRACE) console.log(model.trail.join('\n'));
        steps += model.trail.length;
        idle += model.idle;
        mergeTally(tally, model.tally);
      },
    );
    // One run per assertion, each with its own seed from the day's, until the day has its steps.
    while (steps < STEPS) {
      const before = steps;
      await fc.assert(property, { numRuns: 1, seed: SEED + runs });
      runs++;
      if (steps === before && runs > STEPS) break;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Día simulado: ${steps} pasos en ${runs} corridas (${idle} sin nada que hacer), ${seconds} s, todas las invariantes en pie.`,
    );
    console.log(
      [...tally.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, t]) => `  ${name}: ${t.acted} hechos, ${t.refused} rechazados, ${t.idle} sin nada que hacer`)
        .join('\n'),
    );
    // Where the day's time went, per step and per invariant: what to look at when CI slows down.
    console.log(
      `Tiempo por paso e invariante:\n${[...TIMINGS.entries()]
        .sort(([, a], [, b]) => b - a)
        .map(([name, ms]) => `  ${name}: ${(ms / 1000).toFixed(1)} s`)
        .join('\n')}`,
    );
    expect(steps).toBeGreaterThanOrEqual(STEPS);
  },
  TIME_LIMIT_MS,
);
