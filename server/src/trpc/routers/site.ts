import { getInsuranceRule } from '../../queries/claims';
import { publicPrices } from '../../queries/prices';
import { publicTravelRules } from '../../queries/travel-rules';
import { getFiscalQuoteTerms } from '../../services/fiscal/settings';
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
   * effect and the next one scheduled with its start, so the page picks by the clock; and of the
   * fiscal settings only whether invoices carry taxes and each kind's IVA rate, so a quote shows
   * the total its invoice will charge (docs/product/quote-calculators.md#taxes-on-the-invoice).
   */
  prices: publicProcedure.query(async ({ ctx }) => ({
    ...(await publicPrices(ctx.db)),
    fiscal: await getFiscalQuoteTerms(ctx.db),
  })),

  /** What may travel, for the FAQ (docs/product/travel-rules.md): the rules in effect, no person. */
  travelRules: publicProcedure.query(({ ctx }) => publicTravelRules(ctx.db)),
});
