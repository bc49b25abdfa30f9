// The agencies catalogue as the administrator reads it (docs/product/last-mile.md#agencies): a
// small list (tens of rows) read directly, by code or by city, searched by code, name, carrier
// or address and filtered by state, city and kind.
import { eq, ilike, or, sql } from 'drizzle-orm';
import type { AgencyListParams } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { agencies } from '../db/schema';
import { defineList } from '../lib/list-engine';
import { byUnique, plainOrder, type SortKey } from '../lib/list-sorts';
import { agencyColumns } from './agencies';

const listColumns = {
  ...agencyColumns,
  active: agencies.active,
  shipmentCount: sql<number>`(select count(*)::int from shipments s where s.agency_id = ${agencies.id})`.mapWith(
    Number,
  ),
};

const byCity: SortKey<'state' | 'city' | 'code'> = {
  defaultDir: 'asc',
  order: (c, dir) => [plainOrder(c.state, dir), plainOrder(c.city, dir), plainOrder(c.code, dir)],
};

const agenciesList = defineList<AgencyListParams>()({
  name: 'agencies_admin',
  table: agencies,
  columns: { id: agencies.id, code: agencies.code, state: agencies.state, city: agencies.city },
  sorts: { code: byUnique('code'), city: byCity },
  defaultSort: 'city',
  filters: {
    state: agencies.state,
    city: { where: (v) => sql`lower(${agencies.city}) = lower(${v})` },
    kind: { literal: (v) => sql`${agencies.kind} = ${sql.raw(`'${v === 'own' ? 'own' : 'partner'}'`)}` },
  },
  search: {
    minLength: 2,
    where: (_db, p) =>
      or(
        ilike(agencies.code, p('pattern')),
        ilike(agencies.name, p('pattern')),
        ilike(agencies.carrier, p('pattern')),
        ilike(agencies.city, p('pattern')),
        ilike(agencies.address, p('pattern')),
      ) ?? sql`false`,
  },
  rows: { direct: (db) => db.select(listColumns).from(agencies).$dynamic() },
  present: (rows) => rows.map((r) => ({ ...r, shipmentCount: Number(r.shipmentCount) })),
});

export const listAgenciesAdmin = (db: DbOrTx, input: AgencyListParams) => agenciesList.page(db, input);
export const countAgenciesAdmin = (db: DbOrTx, input: AgencyListParams) => agenciesList.countWithTotal(db, input);
export type AgencyAdminRow = Awaited<ReturnType<typeof listAgenciesAdmin>>['rows'][number];

/** The cities that have an agency, per state: the filter's choices. */
export async function agencyCities(db: DbOrTx) {
  const rows = await db
    .selectDistinct({ state: agencies.state, city: agencies.city })
    .from(agencies)
    .orderBy(agencies.state, agencies.city);
  return rows;
}

export async function findAgency(db: DbOrTx, id: string) {
  const [row] = await db.select().from(agencies).where(eq(agencies.id, id));
  return row ?? null;
}
