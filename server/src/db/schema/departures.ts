// Departures (docs/product/departures.md, docs/decisions/025-departures.md): an air consolidation
// or a sea container that carries many customers' shipments, its milestones (planned and actual
// days), the milestone template per mode and the news staff post to everyone in it.
import { date, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { DEPARTURE_ORIGINS, DEPARTURE_PORTS, DEPARTURE_STATUSES, MILESTONE_KINDS } from '@casillero/shared';
import { shippingMethodEnum } from './enums';
import { createdAt, requiredRef, timestamptz, updatedAt, uuidPk } from './columns';
import { users } from './users';

export const departures = pgTable(
  'departures',
  {
    id: uuidPk(),
    /** e.g. AER-MIA-261204-1: mode, origin, planned departure day and a sequence. */
    code: text('code').notNull().unique('departures_code_key'),
    mode: shippingMethodEnum('mode').notNull(),
    origin: text('origin', { enum: DEPARTURE_ORIGINS }).notNull(),
    /** The master air waybill (air) or the bill of lading (sea). */
    masterRef: text('master_ref'),
    containerNumber: text('container_number'),
    carrier: text('carrier').notNull(),
    /** The flight, or the vessel and voyage. */
    voyage: text('voyage').notNull(),
    arrivalPort: text('arrival_port', { enum: DEPARTURE_PORTS }).notNull(),
    /** The last reception day that makes it. */
    cutoffOn: date('cutoff_on', { mode: 'string' }).notNull(),
    plannedDeparture: date('planned_departure', { mode: 'string' }).notNull(),
    plannedArrival: date('planned_arrival', { mode: 'string' }),
    status: text('status', { enum: DEPARTURE_STATUSES }).notNull().default('open'),
    closedAt: timestamptz('closed_at'),
    /** Set by the delay check while a milestone is late; cleared once none is. */
    delayedSince: timestamptz('delayed_since'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('departures_route_idx').on(t.mode, t.origin, t.arrivalPort),
    index('departures_status_cutoff_idx').on(t.status, t.cutoffOn),
    index('departures_planned_departure_idx').on(t.plannedDeparture),
  ],
);

/** Each milestone of a departure: one row per kind, its planned day and basis, and its actual day once recorded. */
export const departureMilestones = pgTable(
  'departure_milestones',
  {
    id: uuidPk(),
    departureId: requiredRef('departure_id', () => departures.id, 'cascade'),
    kind: text('kind', { enum: MILESTONE_KINDS }).notNull(),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    plannedOn: date('planned_on', { mode: 'string' }).notNull(),
    plannedBasis: text('planned_basis').notNull(),
    /** The new estimate the delay check set when the planned day passed. */
    delayedTo: date('delayed_to', { mode: 'string' }),
    actualOn: date('actual_on', { mode: 'string' }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamptz('recorded_at'),
    updatedAt: updatedAt(),
  },
  (t) => [unique('departure_milestones_departure_id_kind_key').on(t.departureId, t.kind)],
);

/** The administrator's template per mode: each milestone's name and typical days after the one before. */
export const milestoneTemplates = pgTable(
  'milestone_templates',
  {
    mode: shippingMethodEnum('mode').notNull(),
    kind: text('kind', { enum: MILESTONE_KINDS }).notNull(),
    label: text('label').notNull(),
    typicalDays: integer('typical_days').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.mode, t.kind], name: 'milestone_templates_pkey' })],
);

/** News staff post to a departure, and the delay notices the check sends; each customer told once. */
export const departureNews = pgTable(
  'departure_news',
  {
    id: uuidPk(),
    departureId: requiredRef('departure_id', () => departures.id, 'cascade'),
    kind: text('kind', { enum: ['news', 'delay'] }).notNull(),
    message: text('message').notNull(),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('departure_news_departure_id_created_at_idx').on(t.departureId, t.createdAt.desc())],
);
