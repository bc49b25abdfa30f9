// Whose data an API request answers (docs/product/public-api.md#an-allys-keys). A customer's key:
// its owner's, always. An ally's key: the one of the ally's own customers that the `customer`
// parameter names by casillero code; without it, or naming a casillero that is not one of the
// ally's customers (another ally's, a direct customer's, nobody's), the request is refused before
// the endpoint runs. The endpoint then calls the app's own query functions with that customer's
// id, so their ownership filter is the same one a customer's key meets.
import { API_CUSTOMER_PARAM, API_KEY_MESSAGES, apiCustomerParam } from '@casillero/shared';
import type { Db } from '../db/client';
import { DomainError } from '../lib/domain-error';
import { allyCustomerByMailboxCode, allyOfUser } from '../queries/allies';
import type { ApiCaller } from './auth';

/** What an endpoint says about the customer it answers for. */
export type CustomerScope = {
  /** It answers one customer's data (theirs, or an ally's customer's). */
  perCustomer?: boolean;
  /** Why an ally's key may not call it, when it may not. */
  refusedToAllies?: string;
};

export async function customerOfRequest(db: Db, caller: ApiCaller, query: unknown, endpoint: CustomerScope) {
  if (!endpoint.perCustomer) return caller.userId;
  const named = (query as Record<string, unknown> | undefined)?.[API_CUSTOMER_PARAM];
  if (caller.role !== 'aliado') {
    if (named !== undefined) throw new DomainError('BAD_INPUT', API_KEY_MESSAGES.customerParamForAllies);
    return caller.userId;
  }
  if (endpoint.refusedToAllies) throw new DomainError('FORBIDDEN', endpoint.refusedToAllies);
  const code = apiCustomerParam.safeParse(named);
  if (!code.success) throw new DomainError('BAD_INPUT', API_KEY_MESSAGES.allyCustomerRequired);
  const ally = await allyOfUser(db, caller.userId);
  const customerId = await allyCustomerByMailboxCode(db, ally.id, code.data);
  if (!customerId) throw new DomainError('NOT_FOUND', API_KEY_MESSAGES.allyCustomerNotFound);
  return customerId;
}
