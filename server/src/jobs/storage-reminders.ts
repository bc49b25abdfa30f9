// The daily storage reminders (docs/product/storage.md), as a scheduled job: once per business day,
// whichever instance claims it (scheduler.ts). The work is sendStorageReminders.
import type { Config } from '../env';
import { sendStorageReminders } from '../services/storage';
import type { ScheduledJob } from './scheduler';
import { departureDelaysJob } from './departure-delays';
import { pickupRemindersJob } from './pickup-reminders';
import { problemAbandonmentJob } from './problem-abandonment';
import { ruleChangesJob } from './rule-changes';
import { parcelSearchesJob } from './parcel-searches';

export const STORAGE_REMINDERS_JOB = 'storage-reminders';

export function storageRemindersJob(config: Pick<Config, 'appUrl'>): ScheduledJob {
  // The run key is the business day; the reminders are the ones due that day.
  return {
    name: STORAGE_REMINDERS_JOB,
    run: (tx, runKey) => sendStorageReminders(tx, { today: runKey, appUrl: config.appUrl }),
  };
}

/** Every job the servers run. */
export const scheduledJobs = (config: Pick<Config, 'appUrl'>): ScheduledJob[] => [
  storageRemindersJob(config),
  departureDelaysJob(config),
  pickupRemindersJob(config),
  problemAbandonmentJob(config),
  ruleChangesJob(config),
  parcelSearchesJob(config),
];
