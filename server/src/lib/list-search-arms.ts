// A search read arm by arm (docs/decisions/008, "Searches over a log"): when a term matches
// through a few columns that each have an index in the list's order (the audit log's actor, action
// and (entity, entity_id)), a page needs only the first `limit + offset` rows of each arm, then
// merged. An arm whose values may each own many thousands of rows (a staff member, an action) is
// read value by value, each by a lateral scan of its index in the list's order: a staff member
// with 50,000 entries costs what one with 5 does. An arm whose values own a few rows each (a
// package's entries) is read at once, `match(any(values))`, however many values it found.
import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/**
 * One way a term matches: the values it found (an array expression, e.g. `array(<indexed
 * lookup>)`), and the condition one value puts on the table, served by an index whose order
 * after the value's columns is the list's.
 */
export type SearchArm = { values: SQLWrapper; match: (value: SQL) => SQL; eachValue?: boolean };

/** The arms as one condition (`match(any(values))` joined by OR): what an ordinary read filters by. */
export const armsCondition = (arms: SearchArm[]): SQL =>
  sql`(${sql.join(
    arms.map((arm) => arm.match(sql`any(${arm.values})`)),
    sql` or `,
  )})`;

/**
 * The rows the arms match, as the subquery `matches` with the list's columns: per arm (or per
 * value of an `eachValue` arm), its rows in `order` under `where` (the other filters), at most
 * `perValue` of them when given; a row matched by several arms comes once.
 */
export function armsMatches(
  db: DbOrTx,
  args: {
    table: PgTable;
    columns: Record<string, PgColumn>;
    arms: SearchArm[];
    where: SQL | undefined;
    order: SQL[];
    perValue?: SQL;
  },
): SQL {
  const { table, columns, arms, where, order, perValue } = args;
  const value = sql`${sql.identifier('arm_value')}.${sql.identifier('x')}`;
  const reads = arms.map((arm) => {
    const first = db
      .select(columns)
      .from(table)
      .where(and(arm.match(arm.eachValue ? value : sql`any(${arm.values})`), where))
      .orderBy(...order);
    const bounded = perValue ? sql`(${first} limit ${perValue})` : sql`${first}`;
    if (!arm.eachValue) return sql`select * from ${bounded} ${sql.identifier('m')}`;
    return sql`select ${sql.identifier('m')}.* from unnest(${arm.values}) ${sql.identifier('arm_value')}(${sql.identifier('x')}) cross join lateral ${bounded} ${sql.identifier('m')}`;
  });
  return sql`(${sql.join(reads, sql` union `)}) ${sql.identifier('matches')}`;
}

/** The list's columns as `matches` names them, for the order over the merged rows. */
export const matchesColumns = <K extends string>(columns: Record<K, PgColumn>): Record<K, SQL> =>
  Object.fromEntries(
    Object.entries<PgColumn>(columns).map(([key, column]) => [
      key,
      sql`${sql.identifier('matches')}.${sql.identifier(column.name)}`,
    ]),
  ) as Record<K, SQL>;
