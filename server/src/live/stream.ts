// The events one open page receives: `connected` first (once the LISTEN is in place, so nothing
// committed afterwards is missed), then each topic of that user as it changes, a `ping` while
// nothing happens, until the page goes away (the request's signal) or the server shuts down.
// A shutdown ends the stream with SERVICE_UNAVAILABLE, which tRPC answers under its code of that
// name (trpc/errors.ts) and its client treats as retryable: its EventSource reconnects by itself
// (a stream that simply ended would stop for good).
import { LIVE_MESSAGES, LIVE_PING_MS, LIVE_TOPICS, type LiveEvent, type LiveTopic } from '@casillero/shared';
import { DomainError } from '../lib/domain-error';
import type { HubSignal, LiveHub } from './hub';

export async function* liveEvents(
  hub: LiveHub,
  userId: string,
  signal: AbortSignal | undefined,
  pingMs: number = LIVE_PING_MS,
): AsyncGenerator<LiveEvent> {
  // Topics waiting to be sent: a burst of changes to one topic is one message.
  const pending = new Set<LiveTopic>();
  let wake: (() => void) | null = null;
  let ended = false;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const onSignal = (s: HubSignal) => {
    if (s === 'resync') for (const topic of LIVE_TOPICS) pending.add(topic);
    else pending.add(s);
    notify();
  };
  let shutDown = false;
  const end = () => {
    ended = true;
    notify();
  };
  const onShutdown = () => {
    shutDown = true;
    end();
  };
  const unsubscribe = hub.subscribe(userId, onSignal);
  const stopOnClose = hub.whenClosed(onShutdown);
  signal?.addEventListener('abort', end, { once: true });
  const stop = () => {
    if (shutDown && !signal?.aborted) throw new DomainError('SERVICE_UNAVAILABLE', LIVE_MESSAGES.restarting);
  };
  try {
    await hub.ready();
    if (ended || signal?.aborted) return stop();
    yield { topic: 'connected' };
    while (!ended && !signal?.aborted) {
      if (pending.size === 0) {
        let timer: NodeJS.Timeout | undefined;
        const timedOut = await new Promise<boolean>((resolve) => {
          wake = () => resolve(false);
          timer = setTimeout(() => resolve(true), pingMs);
        });
        clearTimeout(timer);
        wake = null;
        if (ended || signal?.aborted) return stop();
        if (timedOut && pending.size === 0) {
          yield { topic: 'ping' };
          continue;
        }
      }
      const topics = [...pending];
      pending.clear();
      for (const topic of topics) yield { topic };
    }
    stop();
  } finally {
    unsubscribe();
    stopOnClose();
    signal?.removeEventListener('abort', end);
  }
}
