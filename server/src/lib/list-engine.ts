// The list engine (docs/decisions/012): one declaration per list — its filters, search, sort
// keys with their tiebreak (list-sorts.ts), the columns it shows and how they join — gives the
// page query, the bounded count and every-row reads, each a prepared statement per query shape
// (docs/decisions/008: ids first, bounded offsets and counts, ORDER BY spelled like the indexes).
import { and, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SubqueryWithSelection } from 'drizzle-orm/pg-core';
import {
  LIST_COUNT_CAP,
  LIST_SEARCH_MIN_LENGTH,
  encodeListCursor,
  type ListCursor,
  type SortDirection,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import {
  capCount,
  containsPattern,
  pageWindow,
  preparedCache,
  toListPage,
  type BoundedCount,
  type ListPage,
} from './list';
import { armsMatches, matchesColumns, type SearchArm } from './list-search-arms';
import type { OrderColumns, SortKey } from './list-sorts';

type Placeholder = ReturnType<typeof sql.placeholder>;
/** A named value of the statement: `p('status')`. */
export type Bind = (name: string) => Placeholder;
const bind: Bind = (name) => sql.placeholder(name);

/**
 * A filter: a column compared with the value (`column = $name`); a condition of its own over
 * the value's placeholder (`where`: a range bound, a cast); or a condition built from the value
 * itself when the value is one of a few literals (an enum), which then becomes part of the
 * statement's shape.
 */
export type FilterDef<V> =
  | PgColumn
  | { literal: (value: V) => SQL | undefined }
  | { where: (value: Placeholder) => SQL };

export type SearchDef = {
  /** The condition; `p('pattern')` is the `%term%` ILIKE pattern, `has(name)` says what `bind` added. */
  where: (db: DbOrTx, p: Bind, has: (name: string) => boolean) => SQL;
  /** Further values a term binds (e.g. an id range when it looks like an id); absent keys are left out. */
  bind?: (term: string) => Record<string, string> | null;
  /** Shorter terms are ignored (trigram indexes need 3 characters); customers' own lists search from 1. */
  minLength?: number;
  /**
   * Fence the matches in a subquery (`offset $fence`) so they come from the search's bitmap
   * scans and are then sorted, instead of the planner walking an ordered index hoping to meet
   * a rare match early (decision 008). For searches over large tables.
   */
  fenced?: boolean;
  /**
   * The search as arms over ordered indexes (list-search-arms.ts): a page reads, per value an
   * arm found, only its first `limit + offset` rows, and the count its first `cap`; `where`
   * should be `armsCondition` of the same arms. For a log whose matches run to many thousands.
   */
  arms?: (db: DbOrTx, p: Bind, has: (name: string) => boolean) => SearchArm[];
};

type PageIds = SubqueryWithSelection<{ pageId: PgColumn }, 'page'>;

/**
 * How the rows are read. `pageIds`: ids first, in the list's order (an index scan), then the
 * joins for just those rows (large tables). `direct`: one query with its joins, to which the
 * engine adds the filters, the order and the page (small or per-customer lists, and lists
 * ordered by a joined column).
 */
type RowsDef<Q extends PgSelect> =
  | { pageIds: (db: DbOrTx, page: PageIds, p: Bind) => Q }
  | { direct: (db: DbOrTx, p: Bind) => Q };

export type ListDef<F extends object, S extends string, K extends string, Q extends PgSelect, Out> = {
  /** Prefix of the prepared statements' names. */
  name: string;
  /** The table paged through. */
  table: PgTable;
  /** The columns sort keys read, by name (`id` is the last tiebreak). */
  columns: OrderColumns<K>;
  sorts: Record<S, SortKey<NoInfer<K>>>;
  defaultSort: S;
  filters?: { [P in keyof F]?: FilterDef<NonNullable<F[P]>> };
  search?: SearchDef;
  /** The owner column of a customer's own list: every read is `column = $scope`. */
  scope?: PgColumn;
  /** Conditions every read has (e.g. only customers). */
  always?: SQL;
  /** The joins of the count when filters need them (direct lists filtering on a joined table). */
  countFrom?: (db: DbOrTx) => PgSelect;
  rows: RowsDef<Q>;
  /** Turns the page's rows into what the procedure answers (ISO dates, nested rows). */
  present?: (rows: Awaited<Q>, db: DbOrTx) => Out[] | Promise<Out[]>;
};

export type ListInput<F, S extends string> = Partial<F> & {
  q?: string;
  sort?: S;
  dir?: SortDirection;
  page?: number;
  pageSize?: number;
  /** Continue after this row (keyset) instead of skipping `page - 1` pages. */
  after?: ListCursor;
};

/** A page of the public API's lists: by number or after a cursor, with the next page's cursor. */
export type CursorPage<Out> = {
  items: Out[];
  total: number;
  /** The page's number; null for a page read after a cursor. */
  page: number | null;
  pageSize: number;
  nextCursor: string | null;
};

type Plan = { key: string; values: Record<string, unknown>; has: Set<string>; literals: SQL[] };

type Prepared = { execute: (values?: Record<string, unknown>) => Promise<unknown[]> };

export type List<F extends object, S extends string, Out> = {
  /** A page of rows (one more is read to know whether another page follows). */
  page: (db: DbOrTx, input: ListInput<F, S>, scope?: string) => Promise<ListPage<Out>>;
  /**
   * A page with the number of matching rows, as the customer's paged screens take it
   * (`items`, `total`): their own lists are small, so the bounded count is exact there.
   */
  numberedPage: (
    db: DbOrTx,
    input: ListInput<F, S>,
    scope?: string,
  ) => Promise<{ items: Out[]; total: number; page: number; pageSize: number }>;
  /**
   * A numbered page, or the page after `input.after`, with the total and the cursor of the page
   * after it (the public API's lists, docs/product/public-api.md#pages). The default order only,
   * and it must be keyset-able (`byTime`).
   */
  cursorPage: (db: DbOrTx, input: ListInput<F, S>, scope?: string) => Promise<CursorPage<Out>>;
  /** Every row in the list's order: for a customer's own (small) lists and exports. */
  all: (db: DbOrTx, input: ListInput<F, S>, scope?: string) => Promise<Out[]>;
  /** How many rows match, counted up to the cap. */
  count: (db: DbOrTx, input: Partial<F> & { q?: string }, scope?: string) => Promise<BoundedCount>;
  /** The count and how many rows the list has without filters ('N de M'), both bounded. */
  countWithTotal: (
    db: DbOrTx,
    input: Partial<F> & { q?: string },
    scope?: string,
  ) => Promise<BoundedCount & { total: number }>;
  /** The sort and direction a request means. */
  orderOf: (input: { sort?: S; dir?: SortDirection }) => { sort: S; dir: SortDirection };
  /** The ORDER BY of a sort over the table's columns (for queries built beside the list, e.g. exports). */
  orderBy: (sort: S, dir: SortDirection) => SQL[];
  /**
   * The filtered ids in the list's order, plus an extra condition (an export's keyset):
   * values come from `plan`, the subquery is the caller's to limit and prepare.
   */
  orderedIds: (
    db: DbOrTx,
    input: Partial<F> & { q?: string },
    sort: S,
    dir: SortDirection,
    extra?: SQL,
    /** The rows the caller will take: a search read arm by arm reads no more than these of each. */
    limit?: number,
  ) => PgSelect;
  /** The SQL text and parameters a page or a count runs (the bench replays and explains them). */
  sqlText: (db: DbOrTx, kind: 'page' | 'count', input: ListInput<F, S>) => { sql: string; params: unknown[] };
  /** The statement key and values of a filter set (for statements built beside the list). */
  plan: (input: Partial<F> & { q?: string }, scope?: string) => { key: string; values: Record<string, unknown> };
};

/** The paging and order params every list takes; the rest of a list's params are its filters. */
type PagingKeys = 'q' | 'sort' | 'dir' | 'page' | 'pageSize';
type FiltersOf<P> = Omit<P, PagingKeys>;
type SortOf<P> = P extends { sort?: infer S } ? (S extends string ? S : never) : never;

/**
 * Declares a list against its params type (the shared zod schema's): `defineList<PackageListParams>()({…})`.
 * A list without sort choices in its params takes the sort keys it declares.
 */
export function defineList<P extends object, S extends string = [SortOf<P>] extends [never] ? 'default' : SortOf<P>>() {
  return <K extends string, Q extends PgSelect, Out = Awaited<Q>[number]>(
    def: ListDef<FiltersOf<P>, S, K, Q, Out>,
  ): List<FiltersOf<P>, S, Out> => buildList(def);
}

function buildList<F extends object, S extends string, K extends string, Q extends PgSelect, Out>(
  def: ListDef<F, S, K, Q, Out>,
): List<F, S, Out> {
  const filterDefs = (def.filters ?? {}) as Record<string, FilterDef<unknown> | undefined>;
  const minLength = def.search?.minLength ?? LIST_SEARCH_MIN_LENGTH;

  function plan(input: Record<string, unknown>, scope?: string): Plan {
    const values: Record<string, unknown> = {};
    const has = new Set<string>();
    const literals: SQL[] = [];
    const keyParts: string[] = [];
    if (def.scope) {
      if (scope === undefined) throw new Error(`La lista ${def.name} necesita su dueño`);
      values.scope = scope;
    }
    const term = typeof input.q === 'string' ? input.q.trim() : '';
    if (def.search && term.length >= minLength) {
      has.add('pattern');
      values.pattern = containsPattern(term);
      for (const [name, value] of Object.entries(def.search.bind?.(term) ?? {})) {
        has.add(name);
        values[name] = value;
      }
      keyParts.push(`q${[...has].join('')}`);
    }
    for (const [name, filter] of Object.entries(filterDefs)) {
      const value = input[name];
      if (value === undefined || value === null || value === '' || !filter) continue;
      if ('literal' in filter) {
        const condition = filter.literal(value);
        if (!condition) continue;
        literals.push(condition);
        keyParts.push(`${name}${String(value)}`);
      } else {
        has.add(name);
        values[name] = value;
        keyParts.push(name);
      }
    }
    return { key: keyParts.join('_') || 'all', values, has, literals };
  }

  function whereOf(db: DbOrTx, p: Plan, extra?: SQL, withSearch = true): SQL | undefined {
    const conditions: (SQL | undefined)[] = [def.always, ...p.literals, extra];
    if (def.scope) conditions.push(sql`${def.scope} = ${bind('scope')}`);
    if (withSearch && p.has.has('pattern') && def.search)
      conditions.push(def.search.where(db, bind, (n) => p.has.has(n)));
    for (const [name, filter] of Object.entries(filterDefs)) {
      if (!filter || 'literal' in filter || !p.has.has(name)) continue;
      conditions.push('where' in filter ? filter.where(bind(name)) : sql`${filter} = ${bind(name)}`);
    }
    const present = conditions.filter((c): c is SQL => c !== undefined);
    return present.length ? and(...present) : undefined;
  }

  function orderOf(input: { sort?: S; dir?: SortDirection }) {
    const sort = input.sort && input.sort in def.sorts ? input.sort : def.defaultSort;
    return { sort, dir: input.dir ?? def.sorts[sort].defaultDir };
  }

  const orderBy = (sort: S, dir: SortDirection) => def.sorts[sort].order(def.columns, dir);

  /** The search's arms for a plan that searches with them, else nothing. */
  const armsOf = (db: DbOrTx, p: Plan) =>
    p.has.has('pattern') && def.search?.arms ? def.search.arms(db, bind, (n) => p.has.has(n)) : undefined;

  /** The merged rows of the arms (list-search-arms.ts), each value's read bounded by `perValue`. */
  function matchesOf(db: DbOrTx, p: Plan, arms: SearchArm[], sort: S, dir: SortDirection, extra?: SQL, perValue?: SQL) {
    return armsMatches(db, {
      table: def.table,
      columns: def.columns as unknown as Record<string, PgColumn>,
      arms,
      where: whereOf(db, p, extra, false),
      order: orderBy(sort, dir),
      perValue,
    });
  }

  function orderedIds(db: DbOrTx, p: Plan, sort: S, dir: SortDirection, extra?: SQL, perValue?: SQL): PgSelect {
    const key = def.sorts[sort];
    const arms = armsOf(db, p);
    if (arms) {
      const c = matchesColumns(def.columns as unknown as Record<K | 'id', PgColumn>);
      return db
        .select({ pageId: sql`${c.id}`.as('page_id') })
        .from(matchesOf(db, p, arms, sort, dir, extra, perValue))
        .orderBy(...key.order(c, dir))
        .$dynamic();
    }
    const where = whereOf(db, p, extra);
    if (!(def.search?.fenced && p.has.has('pattern'))) {
      return db
        .select({ pageId: def.columns.id as PgColumn })
        .from(def.table)
        .where(where)
        .orderBy(...key.order(def.columns, dir))
        .$dynamic();
    }
    // Any OFFSET keeps PostgreSQL from pulling the subquery up into the ordered scan.
    const matches = db
      .select(def.columns as unknown as Record<string, PgColumn>)
      .from(def.table)
      .where(where)
      .offset(bind('fence'))
      .as('matches');
    const c = matches as unknown as OrderColumns<K>;
    return db
      .select({ pageId: c.id as PgColumn })
      .from(matches)
      .orderBy(...key.order(c, dir))
      .$dynamic();
  }

  /**
   * "After the cursor's row" as placeholders: its time travels as whole microseconds since 1970
   * (exact: a Date would drop the database's microseconds) and becomes a timestamptz here.
   */
  function keysetOf(sort: S, dir: SortDirection): SQL {
    const keyset = def.sorts[sort].keyset;
    if (!keyset) throw new Error(`La lista ${def.name} no se pagina por cursor con el orden ${sort}`);
    const at = sql`(timestamptz 'epoch' + ${bind('afterMicros')}::bigint * interval '1 microsecond')`;
    return keyset.after(def.columns, dir, at, sql`${bind('afterId')}::uuid`);
  }

  /** The rows query of a plan (with placeholders), before it is prepared; `keyset` reads after a cursor. */
  function rowsQuery(db: DbOrTx, p: Plan, sort: S, dir: SortDirection, paged: boolean, keyset = false): PgSelect {
    const order = orderBy(sort, dir);
    const after = keyset ? keysetOf(sort, dir) : undefined;
    if ('direct' in def.rows) {
      const q = def.rows
        .direct(db, bind)
        .where(whereOf(db, p, after))
        .orderBy(...order);
      return paged ? q.limit(bind('limit')).offset(bind('offset')) : q;
    }
    const perValue = paged ? sql`${bind('limit')}::int + ${bind('offset')}::int` : undefined;
    let ids = orderedIds(db, p, sort, dir, after, perValue);
    if (paged) ids = ids.limit(bind('limit')).offset(bind('offset'));
    const page = ids.as('page') as unknown as PageIds;
    return def.rows.pageIds(db, page, bind).orderBy(...order);
  }

  function countQuery(db: DbOrTx, p: Plan) {
    const arms = armsOf(db, p);
    if (arms) {
      const { sort, dir } = orderOf({});
      const matches = matchesOf(db, p, arms, sort, dir, undefined, sql`${bind('cap')}::int`);
      const bounded = db.select({ one: sql`1` }).from(matches).limit(bind('cap')).as('bounded');
      return db.select({ n: sql<number>`count(*)::int` }).from(bounded);
    }
    const from = def.countFrom ? def.countFrom(db) : db.select({ one: sql`1` }).from(def.table).$dynamic();
    const bounded = from.where(whereOf(db, p)).limit(bind('cap')).as('bounded');
    return db.select({ n: sql<number>`count(*)::int` }).from(bounded);
  }

  const statementName = (p: Plan, sort: S, dir: SortDirection, paged: boolean, keyset: boolean) =>
    `${def.name}_${paged ? 'page' : 'all'}_${p.key}_${sort}_${dir}${keyset ? '_after' : ''}`;

  const rowStatements = preparedCache<Prepared>();
  const countStatements = preparedCache<Prepared>();

  async function read(
    db: DbOrTx,
    input: ListInput<F, S>,
    scope: string | undefined,
    window?: { limit: number; offset: number },
  ) {
    const p = plan(input as Record<string, unknown>, scope);
    const { sort, dir } = orderOf(input);
    const after = input.after;
    const name = statementName(p, sort, dir, Boolean(window), Boolean(after));
    const statement = rowStatements(
      db,
      name,
      () => rowsQuery(db, p, sort, dir, Boolean(window), Boolean(after)).prepare(name) as unknown as Prepared,
    );
    const cursor = after ? { afterMicros: after.micros, afterId: after.id } : {};
    return statement.execute({ ...p.values, ...cursor, fence: 0, ...(window ?? {}) }) as Promise<Awaited<Q>>;
  }

  const cursorStatements = preparedCache<Prepared>();

  /** The cursor after a row: its time to the microsecond, read by its id (the page's rows carry a Date). */
  async function cursorAt(db: DbOrTx, sort: S, id: string): Promise<string> {
    const keyset = def.sorts[sort].keyset;
    if (!keyset) throw new Error(`La lista ${def.name} no se pagina por cursor con el orden ${sort}`);
    const statement = cursorStatements(db, `${def.name}_cursor_${sort}`, (name) =>
      db
        .select({
          micros: sql<string>`(extract(epoch from ${keyset.time(def.columns)}) * 1000000)::bigint::text`,
        })
        .from(def.table)
        .where(sql`${def.columns.id} = ${bind('id')}`)
        .prepare(name),
    );
    const [row] = (await statement.execute({ id })) as { micros: string }[];
    if (!row) throw new Error(`La fila ${id} de ${def.name} desapareció al armar el cursor`);
    return encodeListCursor({ micros: row.micros, id });
  }

  const present = async (rows: Awaited<Q>, db: DbOrTx): Promise<Out[]> =>
    def.present ? def.present(rows, db) : (rows as unknown as Out[]);

  async function count(db: DbOrTx, input: Partial<F> & { q?: string }, scope?: string): Promise<BoundedCount> {
    const p = plan(input as Record<string, unknown>, scope);
    const statement = countStatements(
      db,
      `${def.name}_count_${p.key}`,
      (name) => countQuery(db, p).prepare(name) as unknown as Prepared,
    );
    const [row] = (await statement.execute({ ...p.values, cap: LIST_COUNT_CAP + 1 })) as { n: number }[];
    return capCount(Number(row?.n ?? 0));
  }

  return {
    async page(db, input, scope) {
      const window = pageWindow(input);
      const rows = await read(db, input, scope, { limit: window.limit + 1, offset: window.offset });
      const page = toListPage(rows as unknown as unknown[], window);
      return { ...page, rows: await present(page.rows as Awaited<Q>, db) };
    },
    async numberedPage(db, input, scope) {
      const [page, total] = await Promise.all([this.page(db, input, scope), count(db, input, scope)]);
      return { items: page.rows, total: total.count, page: page.page, pageSize: page.pageSize };
    },
    async cursorPage(db, input, scope) {
      const { sort } = orderOf(input);
      const numbered = pageWindow(input);
      // After a cursor the page starts right there: no offset, no number.
      const window = input.after ? { ...numbered, offset: 0 } : numbered;
      const [rows, total] = await Promise.all([
        read(db, input, scope, { limit: window.limit + 1, offset: window.offset }) as unknown as Promise<unknown[]>,
        count(db, input, scope),
      ]);
      const pageRows = rows.slice(0, window.pageSize);
      const last = pageRows.at(-1) as { id?: unknown } | undefined;
      let nextCursor: string | null = null;
      if (rows.length > window.pageSize) {
        if (typeof last?.id !== 'string') throw new Error(`Las filas de ${def.name} no traen su id para el cursor`);
        nextCursor = await cursorAt(db, sort, last.id);
      }
      return {
        items: await present(pageRows as Awaited<Q>, db),
        total: total.count,
        page: input.after ? null : window.page,
        pageSize: window.pageSize,
        nextCursor,
      };
    },
    async all(db, input, scope) {
      return present(await read(db, input, scope), db);
    },
    count,
    async countWithTotal(db, input, scope) {
      const [matching, all] = await Promise.all([count(db, input, scope), count(db, {}, scope)]);
      return { ...matching, total: all.count };
    },
    orderOf,
    orderBy,
    sqlText(db, kind, input) {
      const p = plan(input as Record<string, unknown>);
      const { sort, dir } = orderOf(input);
      const window = pageWindow(input);
      const query = kind === 'page' ? rowsQuery(db, p, sort, dir, true) : countQuery(db, p);
      const values = { ...p.values, fence: 0, limit: window.limit + 1, offset: window.offset, cap: LIST_COUNT_CAP + 1 };
      const { sql: text, params } = query.toSQL();
      return { sql: text, params: fillPlaceholders(params, values) };
    },
    orderedIds: (db, input, sort, dir, extra, limit) =>
      orderedIds(db, plan(input as Record<string, unknown>), sort, dir, extra, limit ? sql`${limit}::int` : undefined),
    plan: (input, scope) => {
      const p = plan(input as Record<string, unknown>, scope);
      return { key: p.key, values: p.values };
    },
  };
}
