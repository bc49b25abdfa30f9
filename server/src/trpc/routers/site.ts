import { publicProcedure, router } from '../init';

export const siteRouter = router({
  /** What the public pages show from configuration: the WhatsApp number and the contact details. */
  config: publicProcedure.query(({ ctx }) => ({
    whatsappPhone: ctx.config.whatsappPhone.replace(/\D/g, ''),
    contactEmails: ctx.config.contactEmails,
    contactPhones: ctx.config.contactPhones,
  })),
});
