// PostgreSQL's error fields, read the same through either driver: drizzle wraps the driver's
// error, so the fields may sit on any error of the `cause` chain.

type DatabaseErrorFields = { code?: unknown; constraint_name?: unknown; constraint?: unknown; cause?: unknown };

/** The error and each of its causes, as far as they are objects. */
function* causeChain(err: unknown): Generator<DatabaseErrorFields> {
  for (let e = err; typeof e === 'object' && e !== null; e = (e as DatabaseErrorFields).cause) {
    yield e as DatabaseErrorFields;
  }
}

/** Postgres unique_violation (23505), on the given constraint when one is named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (const e of causeChain(err)) {
    if (e.code === '23505' && (!constraint || e.constraint_name === constraint || e.constraint === constraint)) {
      return true;
    }
  }
  return false;
}

/** Deadlocks (40P01) and serialization failures (40001): another transaction won the race. */
export function isConcurrencyFailure(err: unknown): boolean {
  for (const e of causeChain(err)) if (e.code === '40P01' || e.code === '40001') return true;
  return false;
}
