// Departures (docs/product/departures.md, docs/decisions/025-departures.md): staff group customers'
// shipments into an air consolidation or a sea container, by id or by scanning a WR label or a
// shipment code; a shipment joins one departure of its own mode and origin, an open one; closing
// ends that. Each departure has its milestones: the planned days come from the route's history
// (planMilestones in shared), the actual ones are recorded with one tap, once, whatever the number
// of staff tapping (the row's `actual_on is null` condition decides), moves the departure and its
// shipments (milestone-effects.ts), and every customer in it is told in the same transaction.
// Every refusal is a DomainError with its Spanish message, thrown before anything is written.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DELAY_REPLAN_DAYS,
  DEPARTURE_MESSAGES as M,
  DEPARTURE_MODE_LABELS,
  DEPARTURE_ORIGIN_LABELS,
  MILESTONE_KINDS,
  ORIGIN_OF_MAILBOX_LOCATION,
  PROMISED_MILESTONE,
  SHIP_REQUEST_MESSAGES,
  addDays,
  departureDay,
  planMilestones,
  type DepartureMode,
  type MilestoneKind,
  type departureCreateInput,
  type departureMilestoneInput,
  type departureNewsInput,
  type departureUpdateInput,
  type milestoneTemplateInput,
  type z,
} from '@casillero/shared';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import type { Config } from '../../env';
import {
  departureMilestones,
  departureNews,
  departures,
  invoices,
  milestoneTemplates,
  shipments,
} from '../../db/schema';
import { invoiceRemaining } from '../billing/ledger';
import { businessToday } from '../../lib/business-clock';
import { DomainError } from '../../lib/domain-error';
import { isUniqueViolation } from '../auth';
import { notifyMany } from '../notify';
import { enqueueWebhookEventForAll } from '../webhooks';
import { loadTemplate } from '../../queries/departures';
import { applyMilestoneEffects, closedDepartureError } from './milestone-effects';

type AppConfig = Pick<Config, 'appUrl'>;
/** Where the customer follows a departure's milestones: their shipments' timeline. */
const CUSTOMER_LINK = '/dashboard/envios';
const CODE_ATTEMPTS = 20;

export const departureMilestoneDedupeKey = (milestoneId: string) => `departure-milestone:${milestoneId}`;
export const departureDelayDedupeKey = (milestoneId: string, estimate: string) =>
  `departure-delay:${milestoneId}:${estimate}`;
export const departureNewsDedupeKey = (newsId: string) => `departure-news:${newsId}`;

// --- Creating and editing -------------------------------------------------------------------------

const codePrefix = (mode: DepartureMode, origin: string, day: string) =>
  `${mode === 'aereo' ? 'AER' : 'MAR'}-${origin === 'miami' ? 'MIA' : 'CHN'}-${day.slice(2).replaceAll('-', '')}`;

export async function createDeparture(db: Db, staffId: string, input: z.output<typeof departureCreateInput>) {
  return db.transaction(async (tx) => {
    const prefix = codePrefix(input.mode, input.origin, input.plannedDeparture);
    const [{ n }] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from departures where code like ${`${prefix}-%`}`),
    );
    let row: { id: string; code: string } | undefined;
    for (let attempt = 1; !row; attempt++) {
      const code = `${prefix}-${Number(n) + attempt}`;
      try {
        // A savepoint: a code taken meanwhile must not abort the transaction.
        [row] = await tx.transaction((sp) =>
          sp
            .insert(departures)
            .values({ ...input, code, createdBy: staffId })
            .returning({ id: departures.id, code: departures.code }),
        );
      } catch (err) {
        if (!isUniqueViolation(err, 'departures_code_key') || attempt >= CODE_ATTEMPTS) throw err;
      }
    }
    await replanDeparture(tx, row.id);
    return row;
  });
}

export async function updateDeparture(db: Db, input: z.output<typeof departureUpdateInput>) {
  return db.transaction(async (tx) => {
    const current = await lockDeparture(tx, input.id);
    const { id, ...values } = input;
    await tx
      .update(departures)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(departures.id, id));
    await replanDeparture(tx, id);
    return { id, code: current.code };
  });
}

async function lockDeparture(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(departures).where(eq(departures.id, id)).for('update');
  if (!row) throw new DomainError('NOT_FOUND', M.notFound);
  return row;
}

// --- Shipments in a departure ---------------------------------------------------------------------

/**
 * The shipment a scanned code means: a shipment code, or a WR number (or carrier tracking) of a
 * parcel in a shipment. Returns its id, or throws the Spanish reason.
 */
export async function shipmentForScan(tx: DbOrTx, code: string): Promise<string> {
  const [byCode] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(sql`upper(${shipments.shipmentCode}) = ${code}`)
    .limit(1);
  if (byCode) return byCode.id;
  const found = rowsOf<{ shipment_id: string | null; wr: string | null }>(
    await tx.execute(sql`
      select sp.shipment_id, p.warehouse_receipt as wr
      from packages p left join shipment_packages sp on sp.package_id = p.id
      where upper(p.warehouse_receipt) = ${code}
         or tracking_key(p.tracking_number) = tracking_key(${code})
      order by (upper(p.warehouse_receipt) = ${code}) desc nulls last
      limit 1`),
  );
  if (found.length === 0) throw new DomainError('NOT_FOUND', M.scanNotFound(code));
  if (!found[0].shipment_id) throw new DomainError('CONFLICT', M.packageNotInShipment(found[0].wr ?? code));
  return found[0].shipment_id;
}

export async function addShipmentByScan(db: Db, departureId: string, code: string) {
  return db.transaction(async (tx) => addShipment(tx, departureId, await shipmentForScan(tx, code)));
}

/** Puts a shipment in an open departure of its own mode and origin, if it is in no other. */
export async function addShipmentToDeparture(db: Db, departureId: string, shipmentId: string) {
  return db.transaction((tx) => addShipment(tx, departureId, shipmentId));
}

async function addShipment(tx: DbOrTx, departureId: string, shipmentId: string) {
  // The departure first, then the shipment: every addition locks in this order.
  const departure = await lockDeparture(tx, departureId);
  if (departure.status === 'closed') throw await closedDepartureError(tx, departure);
  const [shipment] = await tx
    .select({
      id: shipments.id,
      code: shipments.shipmentCode,
      mode: shipments.shippingMethod,
      departureId: shipments.departureId,
      userId: shipments.userId,
      requestedByCustomer: shipments.requestedByCustomer,
    })
    .from(shipments)
    .where(eq(shipments.id, shipmentId))
    .for('update');
  if (!shipment) throw new DomainError('NOT_FOUND', M.shipmentNotFound);
  if (shipment.departureId === departureId) throw new DomainError('CONFLICT', M.alreadyHere(shipment.code));
  if (shipment.requestedByCustomer) await refuseUnpaidRequest(tx, shipment.id, shipment.code);
  if (shipment.departureId) {
    const [other] = await tx
      .select({ code: departures.code })
      .from(departures)
      .where(eq(departures.id, shipment.departureId));
    throw new DomainError('CONFLICT', M.inOtherDeparture(shipment.code, other?.code ?? ''));
  }
  if (shipment.mode !== departure.mode)
    throw new DomainError('BAD_INPUT', M.wrongMode(shipment.code, DEPARTURE_MODE_LABELS[shipment.mode]));
  const origins = new Set(
    rowsOf<{ location: string }>(
      await tx.execute(sql`
        select distinct m.location::text as location
        from shipment_packages sp
        join packages p on p.id = sp.package_id
        join mailboxes m on m.id = p.mailbox_id
        where sp.shipment_id = ${shipmentId}`),
    ).map((r) => ORIGIN_OF_MAILBOX_LOCATION[r.location] ?? null),
  );
  if (origins.size === 0 || origins.has(null)) throw new DomainError('BAD_INPUT', M.noOrigin(shipment.code));
  if (origins.size > 1 || !origins.has(departure.origin)) {
    const other = [...origins].find((o) => o !== departure.origin) ?? departure.origin;
    throw new DomainError('BAD_INPUT', M.wrongOrigin(shipment.code, DEPARTURE_ORIGIN_LABELS[other]));
  }
  await tx.update(shipments).set({ departureId, updatedAt: new Date() }).where(eq(shipments.id, shipmentId));
  const [customer] = rowsOf<{ name: string }>(
    await tx.execute(sql`
      select coalesce(nullif(trim(p.full_name), ''), u.email) as name
      from users u left join user_profiles p on p.user_id = u.id where u.id = ${shipment.userId}`),
  );
  return { departureId, shipmentId, shipmentCode: shipment.code, customer: customer?.name ?? '' };
}

/**
 * A shipment the customer asked for from Almacén (docs/product/last-mile.md#the-ship-request) is
 * released to a departure only once the invoice issued with it is paid; a voided invoice (the
 * request cancelled) releases nothing either.
 */
async function refuseUnpaidRequest(tx: DbOrTx, shipmentId: string, code: string) {
  const [invoice] = await tx
    .select({ id: invoices.id, number: invoices.number, voidedAt: invoices.voidedAt })
    .from(invoices)
    .where(eq(invoices.shipmentId, shipmentId))
    .orderBy(asc(invoices.createdAt))
    .limit(1);
  if (!invoice || invoice.voidedAt || (await invoiceRemaining(tx, invoice.id)) > 0)
    throw new DomainError('CONFLICT', SHIP_REQUEST_MESSAGES.unpaidForDeparture(code, invoice?.number ?? ''));
}

export async function removeShipmentFromDeparture(db: Db, departureId: string, shipmentId: string) {
  return db.transaction(async (tx) => {
    const departure = await lockDeparture(tx, departureId);
    if (departure.status === 'closed') throw await closedDepartureError(tx, departure);
    const [shipment] = await tx
      .select({ code: shipments.shipmentCode, departureId: shipments.departureId })
      .from(shipments)
      .where(eq(shipments.id, shipmentId))
      .for('update');
    if (!shipment) throw new DomainError('NOT_FOUND', M.shipmentNotFound);
    if (shipment.departureId !== departureId) throw new DomainError('CONFLICT', M.notInDeparture(shipment.code));
    await tx.update(shipments).set({ departureId: null, updatedAt: new Date() }).where(eq(shipments.id, shipmentId));
    return { departureId, shipmentId, shipmentCode: shipment.code };
  });
}

/** Closes a departure: it takes no more shipments (its manifest is final). */
export async function closeDeparture(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const departure = await lockDeparture(tx, id);
    if (departure.status === 'closed') throw new DomainError('CONFLICT', M.alreadyClosed(departure.code));
    const [{ n }] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from shipments where departure_id = ${id}`),
    );
    if (Number(n) === 0) throw new DomainError('BAD_INPUT', M.closeEmpty);
    await tx
      .update(departures)
      .set({ status: 'closed', closedAt: new Date(), updatedAt: new Date() })
      .where(eq(departures.id, id));
    return { id, code: departure.code, status: 'closed' as const };
  });
}

// --- Milestones ------------------------------------------------------------------------------------

export async function saveMilestoneTemplate(db: Db, input: z.output<typeof milestoneTemplateInput>) {
  return db.transaction(async (tx) => {
    for (const m of input.milestones) {
      await tx
        .insert(milestoneTemplates)
        .values({ mode: input.mode, kind: m.kind, label: m.label, typicalDays: m.typicalDays })
        .onConflictDoUpdate({
          target: [milestoneTemplates.mode, milestoneTemplates.kind],
          set: { label: m.label, typicalDays: m.typicalDays, updatedAt: new Date() },
        });
    }
    // Departures still travelling take the new names and days at once.
    const open = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select d.id from departures d
        where d.mode = ${input.mode}
          and exists (select 1 from departure_milestones m where m.departure_id = d.id and m.actual_on is null)`),
    );
    for (const d of open) await replanDeparture(tx, d.id);
    return { mode: input.mode, replanned: open.length };
  });
}

/**
 * The route's history: for each milestone, the days between it and the one before on the
 * route's (mode, origin, arrival port) last departures that recorded both, newest first.
 */
export async function routeHistoryGaps(
  tx: DbOrTx,
  route: { mode: DepartureMode; origin: string; arrivalPort: string; exceptId?: string },
  limit: number,
): Promise<Partial<Record<MilestoneKind, number[]>>> {
  const rows = rowsOf<{ kind: MilestoneKind; gap: number }>(
    await tx.execute(sql`
      select kind, gap from (
        select m.kind, (m.actual_on - prev.actual_on)::int as gap,
               row_number() over (partition by m.kind order by m.actual_on desc, d.id) as rn
        from departure_milestones m
        join departure_milestones prev on prev.departure_id = m.departure_id and prev.position = m.position - 1
        join departures d on d.id = m.departure_id
        where d.mode = ${route.mode} and d.origin = ${route.origin} and d.arrival_port = ${route.arrivalPort}
          and d.id <> ${route.exceptId ?? '00000000-0000-0000-0000-000000000000'}
          and m.actual_on is not null and prev.actual_on is not null
      ) h
      where rn <= ${limit}
      order by kind, rn`),
  );
  const gaps: Partial<Record<MilestoneKind, number[]>> = {};
  for (const r of rows) {
    const list = gaps[r.kind] ?? [];
    list.push(Number(r.gap));
    gaps[r.kind] = list;
  }
  return gaps;
}

/**
 * Recomputes a departure's planned days (and writes its milestone rows the first time), and
 * whether it is late: a milestone not yet happened whose day passed or that was re-estimated.
 */
export async function replanDeparture(tx: DbOrTx, departureId: string, today = businessToday()) {
  const [d] = await tx.select().from(departures).where(eq(departures.id, departureId));
  if (!d) throw new DomainError('NOT_FOUND', M.notFound);
  const template = await loadTemplate(tx, d.mode);
  const rows = await tx.select().from(departureMilestones).where(eq(departureMilestones.departureId, departureId));
  const actuals: Partial<Record<MilestoneKind, string>> = {};
  const delayedTo: Partial<Record<MilestoneKind, string>> = {};
  for (const r of rows) {
    if (r.actualOn) actuals[r.kind] = r.actualOn;
    if (r.delayedTo) delayedTo[r.kind] = r.delayedTo;
  }
  const plan = planMilestones({
    mode: d.mode,
    cutoffOn: d.cutoffOn,
    plannedDeparture: d.plannedDeparture,
    plannedArrival: d.plannedArrival,
    actuals,
    delayedTo,
    typicalDays: Object.fromEntries(MILESTONE_KINDS.map((k) => [k, template[k].typicalDays])) as Record<
      MilestoneKind,
      number
    >,
    historyGaps: await routeHistoryGaps(
      tx,
      { mode: d.mode, origin: d.origin, arrivalPort: d.arrivalPort, exceptId: d.id },
      8,
    ),
  });
  const values = plan.map((p, position) => ({
    departure_id: departureId,
    kind: p.kind,
    position,
    label: template[p.kind].label,
    planned_on: p.plannedOn,
    planned_basis: p.basis,
  }));
  // One statement; a row whose values did not change is not written (no empty audit entry).
  await tx.execute(sql`
    insert into departure_milestones (departure_id, kind, position, label, planned_on, planned_basis)
    select r.departure_id, r.kind, r.position, r.label, r.planned_on, r.planned_basis
    from json_to_recordset(${JSON.stringify(values)}::json)
      as r(departure_id uuid, kind text, position int, label text, planned_on date, planned_basis text)
    on conflict (departure_id, kind) do update
      set label = excluded.label, planned_on = excluded.planned_on, planned_basis = excluded.planned_basis,
          position = excluded.position, updated_at = now()
      where (departure_milestones.label, departure_milestones.planned_on, departure_milestones.planned_basis, departure_milestones.position)
        is distinct from (excluded.label, excluded.planned_on, excluded.planned_basis, excluded.position)`);
  const late = plan.some((p) => !actuals[p.kind] && (p.plannedOn < today || delayedTo[p.kind]));
  if (late !== Boolean(d.delayedSince)) {
    await tx
      .update(departures)
      .set({ delayedSince: late ? new Date() : null })
      .where(eq(departures.id, departureId));
  }
  return plan;
}

/** The days the departure's milestones happened, by kind. */
async function actualsOf(tx: DbOrTx, departureId: string) {
  const actuals: Partial<Record<MilestoneKind, string>> = {};
  const rows = await tx
    .select({ kind: departureMilestones.kind, actualOn: departureMilestones.actualOn })
    .from(departureMilestones)
    .where(eq(departureMilestones.departureId, departureId));
  for (const r of rows) if (r.actualOn) actuals[r.kind] = r.actualOn;
  return actuals;
}

/** Every customer with a shipment or a parcel in the departure, once each. */
export async function departureRecipients(tx: DbOrTx, departureId: string): Promise<string[]> {
  return rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      select s.user_id from shipments s where s.departure_id = ${departureId}
      union
      select p.user_id from shipments s
        join shipment_packages sp on sp.shipment_id = s.id
        join packages p on p.id = sp.package_id
      where s.departure_id = ${departureId}`),
  ).map((r) => r.user_id);
}

const promisedDay = (
  plan: { kind: MilestoneKind; plannedOn: string }[],
  actuals: Partial<Record<MilestoneKind, string>>,
) => actuals[PROMISED_MILESTONE] ?? plan.find((p) => p.kind === PROMISED_MILESTONE)?.plannedOn ?? null;

/**
 * One tap: the milestone happened on `actualOn` (today by default on the screen). Recorded once:
 * of two staff tapping at once, the second finds it recorded (the same day answers as done, another
 * day is refused) and no second round of notices goes out. The departure, its shipments and their
 * parcels move as the milestone says, and the customers are told once each, in the same
 * transaction, with the promised arrival as it now stands.
 */
export async function recordMilestone(
  db: Db,
  config: AppConfig,
  staffId: string,
  input: z.output<typeof departureMilestoneInput>,
) {
  const today = businessToday();
  if (input.actualOn > today) throw new DomainError('BAD_INPUT', M.actualInFuture);
  return db.transaction(async (tx) => {
    // The departure's lock first, as every addition takes it: a shipment added meanwhile is moved
    // with the rest, or finds the departure closed.
    const d = await lockDeparture(tx, input.departureId);
    // The milestone's row lock makes a concurrent tap wait, then find actual_on set and write nothing.
    const [updated] = await tx
      .update(departureMilestones)
      .set({ actualOn: input.actualOn, recordedBy: staffId, recordedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(departureMilestones.departureId, d.id),
          eq(departureMilestones.kind, input.kind),
          sql`${departureMilestones.actualOn} is null`,
        ),
      )
      .returning({ id: departureMilestones.id, label: departureMilestones.label });
    if (!updated) {
      const [existing] = await tx
        .select({ label: departureMilestones.label, actualOn: departureMilestones.actualOn })
        .from(departureMilestones)
        .where(and(eq(departureMilestones.departureId, d.id), eq(departureMilestones.kind, input.kind)));
      if (!existing) throw new DomainError('NOT_FOUND', M.notFound);
      if (existing.actualOn !== input.actualOn)
        throw new DomainError('CONFLICT', M.milestoneAlready(existing.label, departureDay(existing.actualOn)));
      return { kind: input.kind, actualOn: input.actualOn, recorded: false, recipientCount: 0, shipmentsMoved: 0 };
    }
    const { moved } = await applyMilestoneEffects(tx, d.id, input.kind);
    const plan = await replanDeparture(tx, d.id, today);
    const actuals = await actualsOf(tx, d.id);
    const recipients = await departureRecipients(tx, d.id);
    await enqueueWebhookEventForAll(tx, 'departure.milestone', recipients, {
      departureCode: d.code,
      mode: d.mode,
      milestone: input.kind,
      label: updated.label,
      actualOn: input.actualOn,
      estimatedArrivalOn: promisedDay(plan, actuals),
    });
    const recipientCount = await notifyMany(
      tx,
      recipients,
      {
        title: M.milestoneNoticeTitle(d.code, updated.label),
        message: M.milestoneNotice(
          d.code,
          updated.label,
          departureDay(input.actualOn),
          departureDay(promisedDay(plan, actuals)),
        ),
        type: 'shipment',
        link: CUSTOMER_LINK,
      },
      {
        kind: 'status_changed',
        dedupeKey: departureMilestoneDedupeKey(updated.id),
        appUrl: config.appUrl,
        email: 'default',
        whatsapp: 'default',
      },
    );
    return { kind: input.kind, actualOn: input.actualOn, recorded: true, recipientCount, shipmentsMoved: moved };
  });
}

// --- News and delays -------------------------------------------------------------------------------

/** Staff news to everyone in a departure: each customer told once, however many shipments they have in it. */
export async function postDepartureNews(
  db: Db,
  config: AppConfig,
  staffId: string,
  input: z.output<typeof departureNewsInput>,
) {
  return db.transaction(async (tx) => {
    const d = await lockDeparture(tx, input.departureId);
    const recipients = await departureRecipients(tx, d.id);
    if (recipients.length === 0) throw new DomainError('BAD_INPUT', M.noCustomers);
    const id = randomUUID();
    const recipientCount = await notifyMany(
      tx,
      recipients,
      { title: M.newsNoticeTitle(d.code), message: input.message, type: 'shipment', link: CUSTOMER_LINK },
      {
        kind: 'shipment_news',
        dedupeKey: departureNewsDedupeKey(id),
        appUrl: config.appUrl,
        email: 'default',
        whatsapp: 'default',
      },
    );
    const [news] = await tx
      .insert(departureNews)
      .values({ id, departureId: d.id, kind: 'news', message: input.message, recipientCount, createdBy: staffId })
      .returning();
    return { id: news.id, recipientCount, createdAt: news.createdAt.toISOString() };
  });
}

/**
 * The delay check (the scheduled job, and staff's 'Revisar retrasos'): each departure's first
 * milestone whose planned day passed without happening gets a new estimate (today plus the mode's
 * days), the departure is marked late, and its customers are told once per milestone and new
 * estimate: the notification's key says which, so a second run, on this server or another,
 * writes nothing.
 */
export async function checkDepartureDelays(tx: DbOrTx, options: { today?: string; appUrl?: string } = {}) {
  const today = options.today ?? businessToday();
  const late = rowsOf<{ departure_id: string; milestone_id: string; kind: MilestoneKind; planned_on: string }>(
    await tx.execute(sql`
      select distinct on (m.departure_id) m.departure_id, m.id as milestone_id, m.kind, m.planned_on::text as planned_on
      from departure_milestones m
      where m.actual_on is null and m.planned_on < ${today}
      order by m.departure_id, m.position`),
  );
  let notices = 0;
  for (const l of late) {
    const d = await lockDeparture(tx, l.departure_id);
    const estimate = addDays(today, DELAY_REPLAN_DAYS[d.mode]);
    // Only when this run is the one that moves it (a concurrent run finds it moved).
    const moved = await tx
      .update(departureMilestones)
      .set({ delayedTo: estimate, updatedAt: new Date() })
      .where(
        and(
          eq(departureMilestones.id, l.milestone_id),
          sql`${departureMilestones.actualOn} is null`,
          sql`${departureMilestones.plannedOn} < ${today}`,
        ),
      )
      .returning({ label: departureMilestones.label });
    if (moved.length === 0) continue;
    const plan = await replanDeparture(tx, d.id, today);
    const actuals = await actualsOf(tx, d.id);
    const message = M.delayNotice(
      d.code,
      moved[0].label,
      departureDay(l.planned_on),
      departureDay(estimate),
      departureDay(promisedDay(plan, actuals)),
    );
    const recipients = await departureRecipients(tx, d.id);
    const count = await notifyMany(
      tx,
      recipients,
      { title: M.delayNoticeTitle(d.code), message, type: 'shipment', link: CUSTOMER_LINK },
      {
        kind: 'shipment_news',
        dedupeKey: departureDelayDedupeKey(l.milestone_id, estimate),
        appUrl: options.appUrl,
        email: 'default',
        whatsapp: 'default',
      },
    );
    if (count > 0) {
      notices++;
      await tx.insert(departureNews).values({ departureId: d.id, kind: 'delay', message, recipientCount: count });
    }
  }
  return { late: late.length, notices };
}

/** The departures a list of shipments travel in (for the customer's screens), ordered. */
export async function milestonesOf(tx: DbOrTx, departureIds: string[]) {
  if (departureIds.length === 0) return [];
  return tx
    .select()
    .from(departureMilestones)
    .where(inArray(departureMilestones.departureId, departureIds))
    .orderBy(asc(departureMilestones.departureId), asc(departureMilestones.position));
}
