// Telling customers when a travel-rules or price version takes effect (docs/product/travel-rules.md#telling-the-customers),
// as a scheduled job: once an hour, whichever instance claims it (scheduler.ts), so a rule that
// starts "now" reaches people within the hour and a price from 00:00 by the day's first run.
import type { Config } from '../env';
import { announceRuleChanges } from '../services/rule-changes';
import type { ScheduledJob } from './scheduler';

export const RULE_CHANGES_JOB = 'rule-changes';

export function ruleChangesJob(config: Pick<Config, 'appUrl'>): ScheduledJob {
  return {
    name: RULE_CHANGES_JOB,
    // One run per hour (UTC): '2026-11-28T14'.
    runKey: (now) => now.toISOString().slice(0, 13),
    run: (tx) => announceRuleChanges(tx, { appUrl: config.appUrl }),
  };
}
