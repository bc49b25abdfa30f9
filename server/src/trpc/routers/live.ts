// Live updates (docs/product/messages-and-notifications.md#live-updates): a subscription over server-sent events that tells the
// signed-in user's open pages which of their data changed (the bell, Mis Trackings, Almacén), so
// they refetch it. Only topic names travel, never data: each page asks for what it shows through
// its usual, owner-filtered query. EventSource reconnects by itself; ordinary proxies pass it.
import { liveHubFor } from '../../live/hub';
import { liveEvents } from '../../live/stream';
import { protectedProcedure, router } from '../init';

export const liveRouter = router({
  /** The caller's own events only: the user id comes from the session, never from the input. */
  events: protectedProcedure.subscription(({ ctx, signal }) =>
    liveEvents(
      liveHubFor(ctx.db, (msg, err) => (err ? ctx.log.error({ err }, msg) : ctx.log.warn(msg))),
      ctx.user.id,
      signal,
    ),
  ),
});
