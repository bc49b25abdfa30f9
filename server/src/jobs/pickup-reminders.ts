// The daily pickup reminders (docs/product/last-mile.md#agency-counters-and-proof-of-delivery), as a
// scheduled job: once per business day, whichever instance claims it (scheduler.ts), like the
// storage reminders. The work is sendPickupReminders.
import type { Config } from '../env';
import { sendPickupReminders } from '../services/pickups';
import type { ScheduledJob } from './scheduler';

export const PICKUP_REMINDERS_JOB = 'pickup-reminders';

export function pickupRemindersJob(config: Pick<Config, 'appUrl'>): ScheduledJob {
  return {
    name: PICKUP_REMINDERS_JOB,
    run: (tx, runKey) => sendPickupReminders(tx, { today: runKey, appUrl: config.appUrl }),
  };
}
