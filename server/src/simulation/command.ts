// The simulated day's steps (docs/product/invariants.md): each command is one thing a person does
// through the real procedures. Its arguments are drawn before the run (so fast-check can shrink
// them); what it acts on is chosen when it runs, among what the database holds then, by `pick`.
// A procedure that refuses with the domain error (a tRPC error other than INTERNAL_SERVER_ERROR) is
// a step that changed nothing; anything else thrown fails the run. After every step, whatever it
// did, the invariants are checked.
import { TRPCError } from '@trpc/server';
import type { AsyncCommand } from 'fast-check';
import { TIMINGS, checkInvariants } from './invariants';
import type { Model } from './model';
import { CUSTOMERS, type CustomerName, type World } from './world';

export { newModel, type Model, type Tally } from './model';

/** A step refused by the domain: its message, the step changed nothing. */
export class Refused {
  constructor(readonly message: string) {}
}

/** A step that found nothing to act on (no parcel, no invoice…): no procedure was called. */
export class Nothing {
  constructor(readonly message: string) {}
}

/** Runs a procedure call; a domain refusal is answered as `Refused`, anything unexpected is thrown. */
export async function attempt<T>(call: () => Promise<T>): Promise<T | Refused> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof TRPCError && err.code !== 'INTERNAL_SERVER_ERROR') return new Refused(err.message);
    throw err;
  }
}

/** Runs a procedure call (`attempt`) and answers its message, or the refusal. */
export async function told(call: () => Promise<{ message: string }>): Promise<string | Refused> {
  const done = await attempt(call);
  return done instanceof Refused ? done : done.message;
}

/** The element `pick` chooses in a list, or null when it is empty. */
export const choose = <T>(list: readonly T[], pick: number): T | null =>
  list.length === 0 ? null : list[Math.abs(Math.trunc(pick)) % list.length]!;

export abstract class SimCommand implements AsyncCommand<Model, World> {
  /** The command's name in the tally. */
  abstract readonly name: string;
  /** What it does, as printed in a failing sequence. */
  abstract toString(): string;

  /** Every step may be tried: a pointless one is refused by the procedure, which is part of the day. */
  check(): boolean {
    return true;
  }

  /** Acts; answers what happened in a few words, the refusal, or that there was nothing to act on. */
  protected abstract act(model: Model, world: World): Promise<string | Refused | Nothing>;

  async run(model: Model, world: World): Promise<void> {
    const started = performance.now();
    const outcome = await this.act(model, world);
    TIMINGS.set(`paso: ${this.name}`, (TIMINGS.get(`paso: ${this.name}`) ?? 0) + performance.now() - started);
    const tally = model.tally.get(this.name) ?? { acted: 0, refused: 0, idle: 0 };
    model.tally.set(this.name, tally);
    if (outcome instanceof Nothing) {
      // No procedure was called, nothing changed: not a step of the day.
      tally.idle++;
      model.idle++;
      return;
    }
    if (outcome instanceof Refused) tally.refused++;
    else tally.acted++;
    model.trail.push(`${this.toString()} → ${outcome instanceof Refused ? `rechazado: ${outcome.message}` : outcome}`);
    await checkInvariants(world, model);
  }
}

/** The customer whose user id this is (every thing a step picks belongs to one of the world's). */
export function ownerOf(world: World, userId: string): CustomerName {
  const name = CUSTOMERS.find((c) => world.customers[c].userId === userId);
  if (!name) throw new Error(`Usuario ${userId} no es un cliente del mundo`);
  return name;
}

/** Another customer than `name`: who tries to act on what is not theirs. */
export const otherThan = (name: CustomerName): CustomerName =>
  CUSTOMERS[(CUSTOMERS.indexOf(name) + 1) % CUSTOMERS.length]!;

/** Who acts on a thing: its owner, or (a stranger's step) someone else. */
export const actorFor = (world: World, ownerUserId: string, stranger: boolean): CustomerName => {
  const owner = ownerOf(world, ownerUserId);
  return stranger ? otherThan(owner) : owner;
};
