// Every wait of the web benchmark (web.ts) has a time limit: a run once hung for more than ten
// minutes in its second round, on the home's cold visit, on a wait without one. A wait that gives
// up rejects with GaveUp, whose message is the Spanish reason the run prints for that sample
// ("sin contenido tras 60 s"); the sample is left out of the medians and the run goes on.

/** A wait that gave up; its message says what was missing and for how long. */
export class GaveUp extends Error {}

/** How long a call into the browser (a new tab, a DevTools command, a script in the page) may take. */
export const CALL_MS = 30_000;

/** `promise`, or GaveUp(message) once `ms` have passed. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new GaveUp(message)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A call into the browser, bounded by CALL_MS; `what` names it in the reason ("la pestaña"). */
export const call = <T>(promise: Promise<T>, what: string) =>
  withTimeout(promise, CALL_MS, `${what}: sin respuesta tras ${CALL_MS / 1000} s`);

/**
 * Closing a tab, a context or a DevTools session, which can hang when the browser is stuck:
 * waited for CALL_MS at most, and never an error (what is closed was measured already).
 */
export async function closeWithin(promise: Promise<unknown>): Promise<void> {
  await withTimeout(promise, CALL_MS, '').catch(() => {});
}

/** The reason a sample gave up, for the line the run prints. */
export const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
