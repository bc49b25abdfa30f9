// What every invariant is handed (docs/product/invariants.md): the world, the run's model and what
// a check round read once for all of them.
import type { Model } from '../model';
import type { CustomerName, World } from '../world';
import type { MoneyFacts } from './money-facts';

/** What each customer's Facturas shows (billing.mine), read once per check. */
export type Shown = Record<CustomerName, Awaited<ReturnType<ReturnType<World['as']>['billing']['mine']>>>;

/** What a check round reads once and hands to every invariant. */
export type CheckContext = { shown: Shown; money: MoneyFacts };

export type Invariant = (world: World, model: Model, context: CheckContext) => Promise<string[]>;
