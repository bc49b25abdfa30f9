import { forgetEvents, hitLimits, tooMany, type LimitWindow } from '../../auth/rate-limit';
import type { Context } from '../context';
import { middleware } from '../init';

/**
 * Throttles a procedure per the windows it names (per e-mail, per IP…). With
 * `countSuccess: false` only failed calls stay counted (token guesses); otherwise every call does.
 * Sign-in has its own guard (auth/sign-in-guard.ts): its limits depend on the account and device.
 */
export function throttle(
  windowsFor: (ctx: Context, input: unknown) => LimitWindow[],
  options: { countSuccess: boolean },
) {
  return middleware(async ({ ctx, input, next }) => {
    const { eventIds, exceeded } = await hitLimits(ctx.db, windowsFor(ctx, input));
    if (exceeded) throw tooMany(exceeded);
    const result = await next();
    if (result.ok && !options.countSuccess) await forgetEvents(ctx.db, eventIds);
    return result;
  });
}
