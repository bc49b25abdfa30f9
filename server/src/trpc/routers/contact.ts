import { AUTH_MESSAGES, CONTACT_LIMIT, CONTACT_MESSAGES, contactInput } from '@casillero/shared';
import { submitContactMessage } from '../../services/contact';
import { publicProcedure, router } from '../init';
import { throttle } from '../middleware/throttle';

const MIN = 60 * 1000;
const tooMany = () => AUTH_MESSAGES.tooManyAttempts;

/** Every message counts, sent or not: the form is open to anyone and e-mails the team. */
const contactThrottle = throttle(
  (ctx) => [
    {
      key: `contact:ip:${ctx.ip}`,
      max: CONTACT_LIMIT.perIp,
      windowMs: CONTACT_LIMIT.windowMinutes * MIN,
      message: tooMany,
    },
    { key: `contact:ip:${ctx.ip}`, max: CONTACT_LIMIT.perIpPerDay, windowMs: 24 * 60 * MIN, message: tooMany },
  ],
  { countSuccess: true },
);

export const contactRouter = router({
  /** Stores the message and e-mails it to the team (CONTACT_EMAILS). */
  send: publicProcedure
    .input(contactInput)
    .use(contactThrottle)
    .mutation(async ({ ctx, input }) => {
      await submitContactMessage(ctx.db, ctx.config.contactEmails, input, { userId: ctx.user?.id ?? null, ip: ctx.ip });
      return { title: CONTACT_MESSAGES.successTitle, message: CONTACT_MESSAGES.successMessage };
    }),
});
