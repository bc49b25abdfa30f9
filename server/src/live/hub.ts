// Live updates (docs/product/messages-and-notifications.md#live-updates): one LISTEN per process on the PostgreSQL channel
// 'user_events', which the trigger `notify_user_event` (migration 0013) fills on commit with
// {"userId","topic"}, fanned out to the open streams of that user in this process. Every server
// listens, so a change committed through any instance reaches a page connected to any other,
// and nothing is sent before its transaction commits (or at all if it rolls back).
import { sql } from 'drizzle-orm';
import { isLiveTopic, type LiveTopic } from '@casillero/shared';
import type { Db } from '../db/client';

export const USER_EVENTS_CHANNEL = 'user_events';

/** What a subscriber is told: a topic of theirs changed, or `resync` (events may have been missed). */
export type HubSignal = LiveTopic | 'resync';
type Subscriber = (signal: HubSignal) => void;

/** Both drivers' `listen`, as one shape: postgres.js answers `{ unlisten }`, PGlite the unlisten function. */
type ListenFn = (channel: string, onMessage: (payload: string) => void, onListen?: () => void) => Promise<unknown>;

/** How long a probe sent through the channel may take to come back before the LISTEN is renewed. */
const PROBE_TIMEOUT_MS = 10_000;
/** How often the LISTEN of a database server (not the embedded one) is probed. */
const PROBE_INTERVAL_MS = 30_000;
/** Wait before trying to LISTEN again after a failure, growing to the maximum. */
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;
/** How long UNLISTEN may take before it is given up (the connection may be gone). */
const UNLISTEN_WAIT_MS = 2_000;

export class LiveHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private listening: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private probeTimer: NodeJS.Timeout | null = null;
  private pendingProbe: { id: string; timer: NodeJS.Timeout } | null = null;
  private renewing = false;
  /** Closing ends every stream: Fastify's close waits for the requests in flight. */
  private readonly onClose = new Set<() => void>();

  constructor(
    private readonly db: Db,
    private readonly listenFn: ListenFn,
    private readonly options: { probe: boolean; log?: (msg: string, err?: unknown) => void },
  ) {}

  /** Starts listening (once); resolves when the LISTEN is in place, so no later commit is missed. */
  ready(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.listening ??= this.start();
    return this.listening;
  }

  /** Calls `onSignal` for every event of `userId` until the returned function is called. */
  subscribe(userId: string, onSignal: Subscriber): () => void {
    let set = this.subscribers.get(userId);
    if (!set) {
      set = new Set();
      this.subscribers.set(userId, set);
    }
    set.add(onSignal);
    return () => {
      set.delete(onSignal);
      if (set.size === 0 && this.subscribers.get(userId) === set) this.subscribers.delete(userId);
    };
  }

  /** Called once when the hub closes (server shutdown). */
  whenClosed(fn: () => void): () => void {
    this.onClose.add(fn);
    return () => this.onClose.delete(fn);
  }

  get isClosed() {
    return this.closed;
  }

  /** The number of open streams, for tests and metrics. */
  get subscriberCount(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.probeTimer) clearInterval(this.probeTimer);
    if (this.pendingProbe) clearTimeout(this.pendingProbe.timer);
    for (const fn of this.onClose) fn();
    this.onClose.clear();
    await this.dropListen();
  }

  private async start(): Promise<void> {
    await this.listenOnce();
    if (this.options.probe && !this.closed) {
      this.probeTimer = setInterval(() => void this.probe(), PROBE_INTERVAL_MS);
      this.probeTimer.unref();
    }
  }

  /** LISTENs, retrying with a growing wait until it works or the hub closes. */
  private async listenOnce(): Promise<void> {
    let firstListen = true;
    for (;;) {
      if (this.closed) return;
      try {
        const result = await this.listenFn(
          USER_EVENTS_CHANNEL,
          (payload) => this.deliver(payload),
          () => {
            // postgres.js LISTENs again by itself after its connection drops: what was
            // committed meanwhile was never heard, so every page refreshes.
            if (!firstListen) this.broadcast('resync');
            firstListen = false;
          },
        );
        firstListen = false;
        this.unlisten = unlistenOf(result);
        if (this.closed) await this.dropListen();
        this.retryMs = RETRY_MIN_MS;
        return;
      } catch (err) {
        this.options.log?.('No se pudo escuchar los eventos en vivo; se reintenta', err);
        await new Promise<void>((resolve) => {
          this.retryTimer = setTimeout(resolve, this.retryMs);
          this.retryTimer.unref();
        });
        this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
      }
    }
  }

  /**
   * postgres.js gives up silently when it cannot LISTEN again after a dropped connection: a
   * probe sent through the channel that does not come back means the LISTEN is gone, so it is
   * renewed and every page told to refresh.
   */
  private async probe(): Promise<void> {
    if (this.closed || this.pendingProbe || this.renewing) return;
    const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const timer = setTimeout(() => void this.renew(), PROBE_TIMEOUT_MS);
    timer.unref();
    this.pendingProbe = { id, timer };
    try {
      await this.db.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${JSON.stringify({ probe: id })})`);
    } catch {
      // The database is unreachable: the timer renews the LISTEN, which retries until it is back.
    }
  }

  private async renew(): Promise<void> {
    this.pendingProbe = null;
    if (this.closed || this.renewing) return;
    this.renewing = true;
    try {
      this.options.log?.('Los eventos en vivo dejaron de llegar; se vuelve a escuchar');
      await this.dropListen();
      await this.listenOnce();
      this.broadcast('resync');
    } finally {
      this.renewing = false;
    }
  }

  /** UNLISTEN, without waiting long: on a dead connection it may never answer. */
  private async dropListen(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (!unlisten) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      unlisten().catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, UNLISTEN_WAIT_MS);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }

  private deliver(payload: string) {
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const { userId, topic, probe } = message as { userId?: unknown; topic?: unknown; probe?: unknown };
    if (probe !== undefined) {
      if (this.pendingProbe?.id === probe) {
        clearTimeout(this.pendingProbe.timer);
        this.pendingProbe = null;
      }
      return;
    }
    if (typeof userId !== 'string' || !isLiveTopic(topic)) return;
    const set = this.subscribers.get(userId);
    if (set) for (const fn of [...set]) fn(topic);
  }

  private broadcast(signal: HubSignal) {
    for (const set of this.subscribers.values()) for (const fn of [...set]) fn(signal);
  }
}

function unlistenOf(result: unknown): () => Promise<void> {
  if (typeof result === 'function') return result as () => Promise<void>;
  const unlisten = (result as { unlisten?: () => Promise<void> } | undefined)?.unlisten;
  return unlisten ?? (async () => {});
}

/** The driver's client under a drizzle db (postgres.js' `sql` or the PGlite instance). */
function listenOf(db: Db): { listen: ListenFn; probe: boolean } {
  const client = (db as unknown as { $client?: { listen?: unknown } }).$client;
  if (!client || typeof client.listen !== 'function')
    throw new Error('El driver de la base de datos no permite LISTEN');
  const listen = client.listen.bind(client) as (
    channel: string,
    cb: (payload: string) => void,
    third?: unknown,
  ) => Promise<unknown>;
  // PGlite is this process: a notification cannot be lost on the way, nor its LISTEN dropped.
  const isPglite = typeof (client as { dumpDataDir?: unknown }).dumpDataDir === 'function';
  if (isPglite) {
    return {
      probe: false,
      listen: async (channel, onMessage, onListen) => {
        const unlisten = await listen(channel, onMessage);
        onListen?.();
        return unlisten;
      },
    };
  }
  return { probe: true, listen: (channel, onMessage, onListen) => listen(channel, onMessage, onListen) };
}

/** One hub per database in this process, made on first use. */
const hubs = new WeakMap<Db, LiveHub>();

export function liveHubFor(db: Db, log?: (msg: string, err?: unknown) => void): LiveHub {
  let hub = hubs.get(db);
  if (!hub || hub.isClosed) {
    const { listen, probe } = listenOf(db);
    hub = new LiveHub(db, listen, { probe, log });
    hubs.set(db, hub);
  }
  return hub;
}

/** Ends every live stream of this database and stops listening (server shutdown). */
export async function closeLiveHub(db: Db): Promise<void> {
  const hub = hubs.get(db);
  hubs.delete(db);
  await hub?.close();
}
