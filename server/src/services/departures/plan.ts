import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DEPARTURE_MESSAGES as M,
  MILESTONE_KINDS,
  PROMISED_MILESTONE,
  planMilestones,
  type DepartureMode,
  type MilestoneKind,
  type milestoneTemplateInput,
  type z,
} from '@casillero/shared';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { departureMilestones, departures, milestoneTemplates } from '../../db/schema';
import { businessToday } from '../../lib/business-clock';
import { DomainError } from '../../lib/domain-error';
import { loadTemplate } from '../../queries/departures';

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
export async function actualsOf(tx: DbOrTx, departureId: string) {
  const actuals: Partial<Record<MilestoneKind, string>> = {};
  const rows = await tx
    .select({ kind: departureMilestones.kind, actualOn: departureMilestones.actualOn })
    .from(departureMilestones)
    .where(eq(departureMilestones.departureId, departureId));
  for (const r of rows) if (r.actualOn) actuals[r.kind] = r.actualOn;
  return actuals;
}

export const promisedDay = (
  plan: { kind: MilestoneKind; plannedOn: string }[],
  actuals: Partial<Record<MilestoneKind, string>>,
) => actuals[PROMISED_MILESTONE] ?? plan.find((p) => p.kind === PROMISED_MILESTONE)?.plannedOn ?? null;

/** The departures a list of shipments travel in (for the customer's screens), ordered. */
export async function milestonesOf(tx: DbOrTx, departureIds: string[]) {
  if (departureIds.length === 0) return [];
  return tx
    .select()
    .from(departureMilestones)
    .where(inArray(departureMilestones.departureId, departureIds))
    .orderBy(asc(departureMilestones.departureId), asc(departureMilestones.position));
}
