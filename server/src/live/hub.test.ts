// The live hub and stream without a database: a fake driver `listen` that the test drives as
// PostgreSQL would (a notification, a dropped connection that postgres.js LISTENs again after, a
// LISTEN that fails while the database is down).
import type { SQL } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@casillero/shared';
import type { Db } from '../db/client';
import { LiveHub } from './hub';
import { liveEvents } from './stream';

function fakeDriver(options: { failures?: number } = {}) {
  let failures = options.failures ?? 0;
  const listeners: { onMessage: (payload: string) => void; onListen?: () => void }[] = [];
  const driver = {
    listens: 0,
    listen: (_channel: string, onMessage: (payload: string) => void, onListen?: () => void): Promise<unknown> => {
      driver.listens++;
      if (failures-- > 0) return Promise.reject(new Error('connection refused'));
      listeners.push({ onMessage, onListen });
      onListen?.();
      return Promise.resolve({ unlisten: async () => {} });
    },
    notify(payload: object) {
      for (const l of listeners) l.onMessage(JSON.stringify(payload));
    },
    /** postgres.js after its LISTEN connection dropped and came back. */
    relisten() {
      for (const l of listeners) l.onListen?.();
    },
  };
  return driver;
}

const noDb = {} as Db;

/** The next `count` events of a stream. */
async function take(stream: AsyncGenerator<LiveEvent>, count: number): Promise<LiveEvent['topic'][]> {
  const topics: LiveEvent['topic'][] = [];
  while (topics.length < count) {
    const { value, done } = await stream.next();
    if (done) break;
    topics.push(value.topic);
  }
  return topics;
}

describe('LiveHub and liveEvents', () => {
  it("delivers a user's topics to that user's streams only, ignoring malformed payloads", async () => {
    const driver = fakeDriver();
    const hub = new LiveHub(noDb, driver.listen, { probe: false });
    const abort = new AbortController();
    const ana = liveEvents(hub, 'ana', abort.signal, 60_000);
    const luis = liveEvents(hub, 'luis', abort.signal, 60_000);
    expect(await take(ana, 1)).toEqual(['connected']);
    expect(await take(luis, 1)).toEqual(['connected']);
    driver.notify({ userId: 'luis', topic: 'packages' });
    driver.notify({ userId: 'ana', topic: 'secrets' });
    driver.notify({ userId: 'ana', topic: 'trackings' });
    expect(await take(ana, 1)).toEqual(['trackings']);
    expect(await take(luis, 1)).toEqual(['packages']);
    expect(driver.listens).toBe(1);
    abort.abort();
    expect(await ana.next()).toEqual({ done: true, value: undefined });
    expect(await luis.next()).toEqual({ done: true, value: undefined });
    expect(hub.subscriberCount).toBe(0);
  });

  it('pings while nothing happens, and tells every stream to refresh all after a re-LISTEN', async () => {
    const driver = fakeDriver();
    const hub = new LiveHub(noDb, driver.listen, { probe: false });
    const abort = new AbortController();
    const stream = liveEvents(hub, 'ana', abort.signal, 20);
    expect(await take(stream, 2)).toEqual(['connected', 'ping']);
    driver.relisten();
    expect((await take(stream, 3)).sort()).toEqual(['notifications', 'packages', 'trackings']);
    abort.abort();
  });

  it('keeps trying to LISTEN while the database is down, and streams once it is back', async () => {
    const driver = fakeDriver({ failures: 2 });
    const hub = new LiveHub(noDb, driver.listen, { probe: false });
    const abort = new AbortController();
    const stream = liveEvents(hub, 'ana', abort.signal, 60_000);
    expect(await take(stream, 1)).toEqual(['connected']);
    expect(driver.listens).toBe(3);
    abort.abort();
  });

  it('ends every stream with a retryable error when the server shuts down', async () => {
    const hub = new LiveHub(noDb, fakeDriver().listen, { probe: false });
    const stream = liveEvents(hub, 'ana', new AbortController().signal, 60_000);
    expect(await take(stream, 1)).toEqual(['connected']);
    const next = stream.next();
    await hub.close();
    await expect(next).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('LiveHub on a database server', () => {
  it('renews a LISTEN that went silent (its probe never came back) and tells every stream to refresh all', async () => {
    vi.useFakeTimers();
    try {
      const driver = fakeDriver();
      let silent = false;
      // pg_notify of the probe, as the database would deliver it to the LISTEN (unless it is gone).
      const db = {
        async execute(query: SQL) {
          const payload = query.queryChunks.find((c): c is string => typeof c === 'string' && c.startsWith('{"probe"'));
          if (payload && !silent) driver.notify(JSON.parse(payload) as object);
        },
      } as unknown as Db;
      const hub = new LiveHub(db, driver.listen, { probe: true });
      const abort = new AbortController();
      const stream = liveEvents(hub, 'ana', abort.signal, 10 * 60_000);
      expect(await take(stream, 1)).toEqual(['connected']);

      // Probes that come back change nothing.
      await vi.advanceTimersByTimeAsync(65_000);
      expect(driver.listens).toBe(1);

      silent = true;
      const refreshed = take(stream, 3);
      await vi.advanceTimersByTimeAsync(45_000);
      expect(driver.listens).toBe(2);
      expect((await refreshed).sort()).toEqual(['notifications', 'packages', 'trackings']);
      abort.abort();
      await hub.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
