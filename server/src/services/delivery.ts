// A shipment's delivery (docs/product/last-mile.md#delivery): from the recipient and the
// customer's choice to the destination the shipment keeps and the fee its invoice charges.
// Staff's 'Crear Envío' and the customer's ship request both go through resolveDelivery.
import { and, eq } from 'drizzle-orm';
import {
  DELIVERY_MESSAGES as M,
  VENEZUELAN_STATES,
  deliveryZoneOf,
  isRecipientComplete,
  type DeliveryMethod,
  type DeliveryZone,
  type VenezuelanState,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { agencies, recipients } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { getDeliveryFees } from '../queries/delivery';

export type DeliveryChoice = {
  /** The customer the shipment is for: the recipient must be theirs. */
  userId: string;
  recipientId: string;
  deliveryMethod: DeliveryMethod;
  /** Required for pickup at an agency, ignored for home delivery. */
  agencyId?: string | null;
  /** The fees to charge: the price list's in effect when not given (docs/product/price-lists.md). */
  fees?: Record<DeliveryZone, number>;
  /** Who chooses: staff are told another way to complete a recipient than the customer. */
  chosenBy: 'staff' | 'customer';
};

/** The shipment's columns that the choice sets. */
export type ResolvedDelivery = {
  recipientId: string;
  deliveryMethod: DeliveryMethod;
  agencyId: string | null;
  deliveryAddress: string;
  deliveryCity: string;
  deliveryState: string;
  deliveryFeeUsdCents: number;
};

const isVenezuelanState = (state: string): state is VenezuelanState =>
  (VENEZUELAN_STATES as readonly string[]).includes(state);

/**
 * Checks the choice and turns it into the shipment's destination and fee. A recipient of
 * another customer is a missing one; an archived recipient, one the screens mark 'faltan datos'
 * (migrated from free text: no cédula, phone, state, city or address) and an inactive agency are
 * refused with their own message.
 */
export async function resolveDelivery(tx: DbOrTx, choice: DeliveryChoice): Promise<ResolvedDelivery> {
  const [recipient] = await tx
    .select()
    .from(recipients)
    .where(and(eq(recipients.id, choice.recipientId), eq(recipients.userId, choice.userId)));
  if (!recipient) throw new DomainError('NOT_FOUND', M.recipientNotFound);
  if (recipient.archivedAt) throw new DomainError('BAD_INPUT', M.recipientArchived);
  if (!isRecipientComplete(recipient))
    throw new DomainError(
      'BAD_INPUT',
      choice.chosenBy === 'staff' ? M.recipientIncompleteStaff : M.recipientIncomplete,
    );

  if (choice.deliveryMethod === 'agency') {
    if (!choice.agencyId) throw new DomainError('BAD_INPUT', M.agencyRequired);
    const [agency] = await tx.select().from(agencies).where(eq(agencies.id, choice.agencyId));
    if (!agency) throw new DomainError('NOT_FOUND', M.agencyNotFound);
    if (!agency.active) throw new DomainError('BAD_INPUT', M.agencyInactive);
    return {
      recipientId: recipient.id,
      deliveryMethod: 'agency',
      agencyId: agency.id,
      deliveryAddress: `${agency.carrier} ${agency.name}: ${agency.address}`,
      deliveryCity: agency.city,
      deliveryState: agency.state,
      deliveryFeeUsdCents: 0,
    };
  }

  const fees = choice.fees ?? (await getDeliveryFees(tx));
  const zone = isVenezuelanState(recipient.state) ? deliveryZoneOf(recipient.state) : 'interior';
  const reference = recipient.reference ? ` (${recipient.reference})` : '';
  const municipality = recipient.municipality ? `, ${recipient.municipality}` : '';
  return {
    recipientId: recipient.id,
    deliveryMethod: 'home',
    agencyId: null,
    deliveryAddress: `${recipient.address}${municipality}${reference}`,
    deliveryCity: recipient.city,
    deliveryState: recipient.state,
    deliveryFeeUsdCents: fees[zone],
  };
}
