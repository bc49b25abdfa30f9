// A ship request's price (docs/product/last-mile.md#the-ship-request): the public calculator's
// freight (shared/src/quote) for each parcel and each repack's box, the customs estimate of the
// shipment's guía (docs/product/customs.md#the-invoice), plus the storage fee accrued past the
// free days, the delivery fee of resolveDelivery and, insured, the premium
// (docs/product/insurance.md), all with one price list version: the one in effect, or the one the
// customer's quote honours (docs/product/price-lists.md). The quote writes nothing; the customer's
// having seen it is recorded apart (rememberShipRequestQuote).
import { insurancePremiumCents, insuranceRuleOfPrices } from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { allyAdjustmentOf } from '../../queries/allies';
import type { PricesInEffect } from '../../queries/prices';
import { resolveDelivery, type ResolvedDelivery } from '../delivery';
import { getFiscalQuoteTerms } from '../fiscal/settings';
import { pricesForShipRequest, readQuote, rememberQuoteSeen, signQuote } from '../prices';
import { accruedStorageFee } from '../storage';
import { adjustForAlly, shipRequestTaxes } from './charges';
import { shipRequestCustoms } from './customs';
import { METHODS_BY_ORIGIN, priceParcels } from './parcels';
import type { ShipRequestChoice, ShipRequestQuote } from './types';

export async function priceRequest(tx: DbOrTx, userId: string, choice: ShipRequestChoice, confirming = false) {
  // The prices in effect, or those of the customer's quote while they are honoured.
  const priceList = await pricesForShipRequest(tx, userId, choice.quoteToken, { confirming });
  const honoured = await priceRequestWith(tx, userId, choice, priceList);
  if (!priceList.inEffect) return honoured;
  // The price seen is a ceiling, never a surcharge: when today's prices come out lower, they apply.
  const today = await priceRequestWith(tx, userId, choice, { ...priceList.inEffect, quotedAt: new Date() });
  return today.quote.totalUsdCents < honoured.quote.totalUsdCents ? today : honoured;
}

async function priceRequestWith(
  tx: DbOrTx,
  userId: string,
  choice: ShipRequestChoice,
  priceList: PricesInEffect & { quotedAt: Date },
) {
  const { prices } = priceList;
  // The recipient first: another customer's is a missing one, whatever the parcels say.
  const delivery: ResolvedDelivery | null =
    choice.recipientId && choice.deliveryMethod
      ? await resolveDelivery(tx, {
          userId,
          recipientId: choice.recipientId,
          deliveryMethod: choice.deliveryMethod,
          agencyId: choice.agencyId ?? null,
          fees: prices.deliveryFeesUsdCents,
          chosenBy: 'customer',
        })
      : null;
  const priced = adjustForAlly(await priceParcels(tx, userId, choice, prices), await allyAdjustmentOf(tx, userId));
  const storage = await accruedStorageFee(tx, priced.ids, undefined, prices);
  const boxes = [...priced.parcels, ...priced.repacks];
  const freightUsdCents = boxes.reduce((sum, p) => sum + p.shippingUsdCents, 0);
  const storageUsdCents = storage.feeUsdCents;
  const deliveryUsdCents = delivery ? delivery.deliveryFeeUsdCents : null;
  // One premium on the parcels' summed value, so the minimum applies once per shipment.
  const insuranceRule = insuranceRuleOfPrices(prices);
  const declaredUsdCents = boxes.reduce((sum, p) => sum + p.declaredUsdCents, 0);
  const insured = choice.insured === true;
  const insuranceUsdCents = insured ? insurancePremiumCents(declaredUsdCents, insuranceRule) : 0;
  // The import taxes charged are the estimate of the shipment's guía, frozen with the invoice
  // (docs/product/customs.md#the-invoice): its freight and its one premium, the rules in effect.
  const customs = await shipRequestCustoms(
    tx,
    choice.shippingMethod === 'aereo' ? 'air' : 'sea',
    priced,
    insured,
    insuranceRule,
    insuranceUsdCents,
  );
  const importTaxesUsdCents = customs.comparison.consolidated.usdCents.total;
  const shippingUsdCents = freightUsdCents + importTaxesUsdCents;
  const charges = { freightUsdCents, importTaxesUsdCents, storageUsdCents, deliveryUsdCents, insuranceUsdCents };
  const taxes = shipRequestTaxes(charges, await getFiscalQuoteTerms(tx));
  const quote: ShipRequestQuote = {
    origin: priced.origin,
    shippingMethod: choice.shippingMethod,
    methods: METHODS_BY_ORIGIN[priced.origin],
    parcels: priced.parcels,
    repacks: priced.repacks,
    totalWeightKg: priced.totalWeightKg,
    shippingUsdCents,
    freightUsdCents,
    importTaxesUsdCents,
    storageUsdCents,
    deliveryUsdCents,
    declaredUsdCents,
    insured,
    insuranceUsdCents,
    insuranceRule,
    taxes,
    totalUsdCents: taxes.totalUsdCents,
    priceList: { id: priceList.id, number: priceList.number, effectiveFrom: priceList.effectiveFrom },
    quotedAt: priceList.quotedAt.toISOString(),
    quoteToken: priceList.id ? await signQuote(tx, userId, priceList.id, priceList.quotedAt) : null,
    travelWarnings: priced.travelWarnings,
    customs,
  };
  return { quote, charges, delivery, ids: priced.ids, repackIds: priced.repackIds };
}

/** The price of a request as it would be confirmed now; writes nothing. */
export async function quoteShipRequest(
  db: DbOrTx,
  userId: string,
  choice: ShipRequestChoice,
): Promise<ShipRequestQuote> {
  const { quote } = await priceRequest(db, userId, choice);
  return quote;
}

/**
 * The customer has now seen a quote (its signed token, as quoteShipRequest gave it): that version's
 * prices are honoured for the set days, dialog or not (docs/product/price-lists.md). A token not
 * signed for this customer records nothing.
 */
export async function rememberShipRequestQuote(db: DbOrTx, userId: string, quoteToken: string | null | undefined) {
  const seen = quoteToken ? await readQuote(db, userId, quoteToken) : null;
  if (seen) await rememberQuoteSeen(db, userId, seen.versionId, seen.quotedAt);
}
