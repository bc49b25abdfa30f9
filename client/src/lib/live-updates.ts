// Live updates (docs/product/messages-and-notifications.md#live-updates): while the customer area is open, the server tells it which of
// the customer's data changed (the tRPC subscription live.events, as server-sent events) and the
// pages showing it refetch: the bell and Notificaciones, Mis Trackings, Almacén. Only active
// queries refetch at once; the others are marked stale and refetch when their page opens.
//
// Read with the browser's EventSource rather than tRPC's httpSubscriptionLink: that link (and
// the SSE reader it brings) would go into every page's first JavaScript, over the 200 KB budget
// of the home page; this module loads with the customer area only. The protocol is tRPC's: a
// `connected` event, then one message per value the procedure yields, a `serialized-error`
// event for an error. EventSource passes through ordinary proxies and reconnects by itself.
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_TOPICS, isLiveTopic, type LiveEvent, type LiveTopic } from '@casillero/shared';
import { trpc } from './trpc';

const LIVE_EVENTS_URL = '/trpc/live.events';

/** Errors after which reconnecting helps (tRPC's retryable codes: the server restarting, a proxy). */
const RETRYABLE_CODES = new Set(['SERVICE_UNAVAILABLE', 'BAD_GATEWAY', 'GATEWAY_TIMEOUT', 'INTERNAL_SERVER_ERROR']);

/** The queries each topic concerns (everything that shows a customer's trackings, parcels, notifications). */
function queryKeysOf(topic: LiveTopic): QueryKey[] {
  switch (topic) {
    case 'notifications':
      // Shipment news reaches each customer as a notification (no other event names them), and
      // shows in the shipment's timeline too; a finished repack is announced the same way and
      // becomes a box to send in Almacén.
      return [
        trpc.notifications.pathKey(),
        trpc.shipments.listOwn.pathKey(),
        trpc.shipments.ownDetail.pathKey(),
        trpc.shipRequests.repacks.pathKey(),
      ];
    case 'trackings':
      // A tracking's status also decides what can be paid and how its pre-alert reads.
      return [trpc.trackings.pathKey(), trpc.payments.payableTrackings.pathKey(), trpc.prealerts.mine.pathKey()];
    case 'packages':
      // Parcels show in Almacén, in the repack form and inside their shipments (Envíos).
      return [trpc.packages.pathKey(), trpc.repacks.packages.pathKey(), trpc.shipments.pathKey()];
  }
}

function refresh(queryClient: QueryClient, topics: readonly LiveTopic[]) {
  for (const topic of topics)
    for (const queryKey of queryKeysOf(topic)) void queryClient.invalidateQueries({ queryKey });
}

/** Mounted once in the customer area's layout, `enabled` once the user is known. */
export function useLiveUpdates(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(LIVE_EVENTS_URL, { withCredentials: true });
    let connectedBefore = false;
    source.onmessage = (message: MessageEvent<string>) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return;
      }
      if (event.topic === 'connected') {
        // A reconnection (the network dropped, the server restarted): changes made meanwhile
        // were never announced, so everything shown is refreshed.
        if (connectedBefore) refresh(queryClient, LIVE_TOPICS);
        connectedBefore = true;
      } else if (isLiveTopic(event.topic)) {
        refresh(queryClient, [event.topic]);
      }
    };
    source.addEventListener('serialized-error', (message: MessageEvent<string>) => {
      let code: string | undefined;
      try {
        code = (JSON.parse(message.data) as { data?: { code?: string } }).data?.code;
      } catch {
        // Unreadable: treated as not retryable.
      }
      // Signed out elsewhere, say: reconnecting would only be refused again.
      if (!code || !RETRYABLE_CODES.has(code)) source.close();
    });
    return () => source.close();
  }, [enabled, queryClient]);
}
