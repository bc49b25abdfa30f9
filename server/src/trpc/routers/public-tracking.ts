// Public tracking (docs/product/public-tracking.md): open to anyone, signed in or not, and the
// answer never depends on who asks, so "not yours" and "does not exist" cannot differ.
import { PUBLIC_TRACKING_LIMIT, PUBLIC_TRACKING_MESSAGES, publicTrackingInput } from '@casillero/shared';
import { lookUpPublicTracking } from '../../queries/public-tracking';
import { publicProcedure, router } from '../init';
import { throttle } from '../middleware/throttle';

/**
 * Every lookup counts, found or not, per IP across instances (docs/decisions/007): numbers are
 * guessable, and counting only misses would tell a guesser which ones exist.
 */
const lookupThrottle = throttle(
  (ctx) => [
    {
      key: `public-tracking:ip:${ctx.ip}`,
      max: PUBLIC_TRACKING_LIMIT.perIp,
      windowMs: PUBLIC_TRACKING_LIMIT.windowMinutes * 60 * 1000,
      message: PUBLIC_TRACKING_MESSAGES.tooManyLookups,
    },
  ],
  { countSuccess: true },
);

export const publicTrackingRouter = router({
  /** A parcel's status, timeline and estimated delivery by carrier number or WR; `found: false` otherwise. */
  lookup: publicProcedure
    .input(publicTrackingInput)
    .use(lookupThrottle)
    .query(({ ctx, input }) => lookUpPublicTracking(ctx.db, input.number)),
});
