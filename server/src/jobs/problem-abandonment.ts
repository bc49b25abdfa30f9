// The daily abandonment of problem parcels nobody decided on (docs/product/problem-parcels.md#abandonment),
// as a scheduled job: once per business day, whichever instance claims it (scheduler.ts). The work
// is runProblemAbandonment, itself safe to run twice at once.
import type { Config } from '../env';
import { runProblemAbandonment } from '../services/problem-parcels';
import type { ScheduledJob } from './scheduler';

export const PROBLEM_ABANDONMENT_JOB = 'problem-abandonment';

export function problemAbandonmentJob(config: Pick<Config, 'appUrl'>): ScheduledJob {
  return {
    name: PROBLEM_ABANDONMENT_JOB,
    run: (tx, runKey) => runProblemAbandonment(tx, { today: runKey, appUrl: config.appUrl }),
  };
}
