// The departures' delay check (docs/product/departures.md#delays), as a scheduled job: once per
// business day, whichever instance claims it (scheduler.ts). Its notices carry their own keys
// (milestone and new estimate), so a run repeated or overtaken still tells each customer once.
import type { Config } from '../env';
import { checkDepartureDelays } from '../services/departures/milestones';
import type { ScheduledJob } from './scheduler';

export const DEPARTURE_DELAYS_JOB = 'departure-delays';

export function departureDelaysJob(config: Pick<Config, 'appUrl'>): ScheduledJob {
  return {
    name: DEPARTURE_DELAYS_JOB,
    run: (tx, runKey) => checkDepartureDelays(tx, { today: runKey, appUrl: config.appUrl }),
  };
}
