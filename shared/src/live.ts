// Live updates (docs/product/messages-and-notifications.md#live-updates): what a customer's open page is told when something of theirs
// changes. The database trigger `notify_user_event` (migration 0013) names these topics.

/** What changed: the bell's notifications, Mis Trackings, Almacén. */
export const LIVE_TOPICS = ['notifications', 'trackings', 'packages'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/**
 * One message of the live stream: a topic that changed, `connected` when the stream (re)opens
 * (after a gap the page refreshes everything, as it may have missed changes), or `ping`, sent
 * while nothing happens so proxies do not close an idle connection.
 */
export type LiveEvent = { topic: LiveTopic | 'connected' | 'ping' };

/** Seconds between pings: below the usual 60 s idle timeout of proxies (nginx, load balancers). */
export const LIVE_PING_MS = 25_000;

export function isLiveTopic(value: unknown): value is LiveTopic {
  return typeof value === 'string' && (LIVE_TOPICS as readonly string[]).includes(value);
}

export const LIVE_MESSAGES = {
  /** The server is shutting down (a deployment): the page's stream reconnects by itself, to another instance or this one restarted. */
  restarting: 'El servidor se está reiniciando; las actualizaciones en vivo se reanudan solas.',
} as const;
