// The agencies a shipment can be collected at (docs/product/last-mile.md#agencies): the active
// ones of a state, optionally of a city, for the delivery choice.
import { and, asc, eq, ilike } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { agencies } from '../db/schema';
import { containsPattern } from '../lib/list';

export type AgencySearch = { state?: string | null; city?: string | null };

/** What an agency shows wherever it is chosen or listed (the delivery choice, the administrator's list). */
export const agencyColumns = {
  id: agencies.id,
  kind: agencies.kind,
  carrier: agencies.carrier,
  code: agencies.code,
  name: agencies.name,
  state: agencies.state,
  city: agencies.city,
  address: agencies.address,
  hours: agencies.hours,
  phone: agencies.phone,
};

/** Active agencies of the state (and city text, when given), by city, carrier and name. */
export async function searchActiveAgencies(db: DbOrTx, search: AgencySearch) {
  const city = search.city?.trim();
  return db
    .select(agencyColumns)
    .from(agencies)
    .where(
      and(
        eq(agencies.active, true),
        search.state ? eq(agencies.state, search.state) : undefined,
        city ? ilike(agencies.city, containsPattern(city)) : undefined,
      ),
    )
    .orderBy(asc(agencies.city), asc(agencies.carrier), asc(agencies.name))
    .limit(200);
}
