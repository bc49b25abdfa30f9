import { getInsuranceRule } from '../../queries/claims';
import { publicPrices } from '../../queries/prices';
import { publicTravelRules } from '../../queries/travel-rules';
import { publicProcedure, router } from '../init';

export const siteRouter = router({
  /** What the public pages show from configuration: the WhatsApp number and the contact details. */
  config: publicProcedure.query(({ ctx }) => ({
    whatsappPhone: ctx.config.whatsappPhone.replace(/\D/g, ''),
    contactEmails: ctx.config.contactEmails,
    contactPhones: ctx.config.contactPhones,
  })),

  /** The insurance rule the public calculators apply (docs/product/insurance.md): the administrator's. */
  insuranceRule: publicProcedure.query(({ ctx }) => getInsuranceRule(ctx.db)),

  /**
   * The price list the public calculators apply (docs/product/price-lists.md): the version in
   * effect and the next one scheduled with its start, so the page picks by the clock.
   */
  prices: publicProcedure.query(({ ctx }) => publicPrices(ctx.db)),

  /** What may travel, for the FAQ (docs/product/travel-rules.md): the rules in effect, no person. */
  travelRules: publicProcedure.query(({ ctx }) => publicTravelRules(ctx.db)),
});
