// A departure's milestones as they happen (docs/product/departures.md): one tap records one, once,
// moves the departure and its shipments (milestone-effects.ts) and tells every customer in it;
// staff news and the delay check tell them too, once each.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  DELAY_REPLAN_DAYS,
  DEPARTURE_MESSAGES as M,
  addDays,
  departureDay,
  type MilestoneKind,
  type departureMilestoneInput,
  type departureNewsInput,
  type z,
} from '@casillero/shared';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import type { Config } from '../../env';
import { departureMilestones, departureNews } from '../../db/schema';
import { businessToday } from '../../lib/business-clock';
import { DomainError } from '../../lib/domain-error';
import { notifyMany } from '../notify';
import { enqueueWebhookEventForAll } from '../webhooks';
import { applyMilestoneEffects } from './milestone-effects';
import { departureRecipients, lockDeparture } from './departures';
import { actualsOf, promisedDay, replanDeparture } from './plan';

type AppConfig = Pick<Config, 'appUrl'>;
/** Where the customer follows a departure's milestones: their shipments' timeline. */
const CUSTOMER_LINK = '/dashboard/envios';

export const departureMilestoneDedupeKey = (milestoneId: string) => `departure-milestone:${milestoneId}`;
export const departureDelayDedupeKey = (milestoneId: string, estimate: string) =>
  `departure-delay:${milestoneId}:${estimate}`;
export const departureNewsDedupeKey = (newsId: string) => `departure-news:${newsId}`;

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
