// The searches of parcels the carrier delivered and we did not receive
// (docs/product/first-mile.md#delivered-but-not-received), as a scheduled job: once an hour,
// whichever instance claims the hour (scheduler.ts). The work, runParcelSearches, is itself safe
// to run twice at once (the partial unique index of open searches; conditional closing).
import type { Config } from '../env';
import { runParcelSearches } from '../services/parcel-searches';
import type { ScheduledJob } from './scheduler';

export const PARCEL_SEARCHES_JOB = 'parcel-searches';

/** The hour (UTC) a run is for: "2026-12-07T14". */
export const hourKey = (now: Date) => now.toISOString().slice(0, 13);

export function parcelSearchesJob(config: Pick<Config, 'appUrl'>): ScheduledJob {
  return {
    name: PARCEL_SEARCHES_JOB,
    runKey: hourKey,
    run: (tx) => runParcelSearches(tx, { appUrl: config.appUrl }),
  };
}
