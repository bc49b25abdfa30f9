// Live updates (docs/product/messages-and-notifications.md#live-updates): a customer's open stream hears of their own changes within
// seconds, after the transaction commits, and never of another customer's; over real HTTP the
// stream is server-sent events, uncompressed, and does not hold the server's shutdown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE_NAME, type LiveEvent } from '@casillero/shared';
import type { Database } from '../db/client';
import { testConfig } from '../env';
import { createServer } from '../server';
import { createTestDatabase } from '../test/db';
import { customerWithActiveMailbox, signedInAdmin, type CustomerWithMailbox } from '../test/factories';
import { TEST_APP_URL, callerFor, newVisitor, trpcError, type Visitor } from '../test/caller';
import { createInnerContext } from '../trpc/context';
import { createCaller } from '../trpc/router';

let database: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let maria: CustomerWithMailbox;
let carlos: CustomerWithMailbox;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(database.db);
  maria = await customerWithActiveMailbox(database.db, { nombre: 'María Pérez' });
  carlos = await customerWithActiveMailbox(database.db, { nombre: 'Carlos Ruiz' });
});
afterAll(async () => {
  await database.close();
});

/** Reads a stream's events in the background; `next(topic)` waits (at most `ms`) for one of that topic. */
function collect(stream: AsyncIterable<LiveEvent>) {
  const seen: LiveEvent['topic'][] = [];
  const waiters: { topic: string; from: number; resolve: () => void }[] = [];
  void (async () => {
    for await (const event of stream) {
      seen.push(event.topic);
      for (const w of waiters.filter((w) => w.topic === event.topic && seen.length > w.from)) w.resolve();
    }
  })().catch(() => undefined);
  return {
    seen,
    /** Waits for an event of `topic` among those from index `from` on. */
    next(topic: LiveEvent['topic'], from = 0, ms = 5_000) {
      if (seen.slice(from).includes(topic)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`Sin evento ${topic} en ${ms} ms (vistos: ${seen.join(', ')})`)),
          ms,
        );
        waiters.push({
          topic,
          from,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
  };
}

/** The stream of a signed-in visitor, through a caller whose signal ends it (as the page going away). */
async function subscribe(visitor: Visitor, signal: AbortSignal) {
  const caller = createCaller(
    () =>
      createInnerContext({
        db: database.db,
        config: testConfig({ appUrl: TEST_APP_URL }),
        sessionToken: visitor.token,
      }),
    { signal },
  );
  return collect(await caller.live.events());
}

async function newTrackingOf(customer: CustomerWithMailbox, trackingNumber: string) {
  return admin.caller.trackings.create({
    mailboxId: customer.mailboxId,
    trackingNumber,
    carrier: 'UPS',
    description: 'Zapatos deportivos talla 40',
    senderName: 'Tienda Deportiva',
  });
}

describe('live.events', () => {
  it('refuses a visitor who is not signed in', async () => {
    const error = await trpcError(callerFor(database.db, newVisitor()).live.events());
    expect(error.code).toBe('UNAUTHORIZED');
  });

  it("tells a customer of their own tracking's change within seconds, never of another customer's", async () => {
    const abort = new AbortController();
    try {
      const mariaEvents = await subscribe(maria.visitor, abort.signal);
      const carlosEvents = await subscribe(carlos.visitor, abort.signal);
      await mariaEvents.next('connected');
      await carlosEvents.next('connected');

      const tracking = await newTrackingOf(maria, '1Z999AA10123456784');
      await mariaEvents.next('trackings');
      const before = mariaEvents.seen.length;
      await admin.caller.trackings.updateStatus({ id: tracking.id, status: 'in_transit' });
      await mariaEvents.next('trackings', before);
      await mariaEvents.next('notifications', before);

      // Carlos' page heard nothing of María's parcels (a change of his own shows his stream works).
      expect(carlosEvents.seen.filter((t) => t !== 'ping')).toEqual(['connected']);
      await newTrackingOf(carlos, '1Z999AA10123456790');
      await carlosEvents.next('trackings');
    } finally {
      abort.abort();
    }
  });
});

describe('live.events over HTTP', () => {
  it('streams server-sent events, uncompressed, and ends them when the server stops', async () => {
    const server = await createServer({
      config: testConfig({ appUrl: 'http://localhost:3000', port: 0, host: '127.0.0.1' }),
      database,
    });
    const url = await server.listen();
    const res = await fetch(`${url}/trpc/live.events`, {
      headers: {
        cookie: `${SESSION_COOKIE_NAME}=${maria.visitor.token}`,
        accept: 'text/event-stream',
        'accept-encoding': 'br, gzip',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();

    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const waitFor = async (needle: string, ms = 5_000) => {
      const deadline = Date.now() + ms;
      while (!text.includes(needle)) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) =>
            setTimeout(
              () => reject(new Error(`Sin «${needle}» en ${ms} ms: ${text}`)),
              Math.max(1, deadline - Date.now()),
            ),
          ),
        ]);
        if (chunk.done) throw new Error(`El flujo terminó sin «${needle}»: ${text}`);
        text += chunk.value;
      }
    };
    // Signed out: the stream says UNAUTHORIZED in its error event (the page then closes it) and ends.
    const anonymous = await fetch(`${url}/trpc/live.events`, { headers: { accept: 'text/event-stream' } });
    const refusal = await anonymous.text();
    expect(refusal).toMatch(/event: serialized-error\ndata: .*"code":"UNAUTHORIZED"/);
    expect(refusal).not.toContain('"topic"');

    await waitFor('"connected"');
    await newTrackingOf(maria, '1Z999AA10123456801');
    await waitFor('"trackings"');

    // A shutdown ends the stream with a retryable error (the browser's EventSource reconnects),
    // and does not wait for the page to go away.
    const started = Date.now();
    await server.stop();
    expect(Date.now() - started).toBeLessThan(3_000);
    await waitFor('serialized-error');
    expect(text).toContain('SERVICE_UNAVAILABLE');
    await reader.cancel().catch(() => undefined);
  });
});
