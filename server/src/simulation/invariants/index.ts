// The business's invariants (docs/product/invariants.md), checked after every step of the
// simulated day. Each check reads the database (and, for what a screen shows, the procedure the
// screen calls) and answers its violations in words; any violation fails the run with all of them.
import type { Model } from '../command';
import { CUSTOMERS, type CustomerName, type World } from '../world';
import { claimCaps } from './claims';
import { fiscalNumbers } from './fiscal';
import { bolivaresShown, confirmedIsInvoiced, ledgerBalances, paymentsCredited, referencePaysOnce } from './money';
import { parcelsAndDepartures } from './parcels';

/** What each customer's Facturas shows (billing.mine), read once per check. */
export type Shown = Record<CustomerName, Awaited<ReturnType<ReturnType<World['as']>['billing']['mine']>>>;

export type Invariant = (world: World, model: Model, shown: Shown) => Promise<string[]>;

/** Each invariant by the name docs/product/invariants.md gives it. */
export const INVARIANTS: Record<string, Invariant> = {
  'I1 saldo del libro': ledgerBalances,
  'I2 pagos acreditados una vez': paymentsCredited,
  'I3 una referencia paga una vez': referencePaysOnce,
  'I4 lo confirmado es lo facturado': confirmedIsInvoiced,
  'I5 bolívares a la tasa congelada': bolivaresShown,
  'I6 paquetes, envíos y despachos': parcelsAndDepartures,
  'I7 tope de los reclamos': claimCaps,
  'I8 números fiscales sin saltos': fiscalNumbers,
};

/** Milliseconds spent in each invariant over the day (printed with SIM_TRACE). */
export const TIMINGS = new Map<string, number>();

export class InvariantBroken extends Error {
  override readonly name = 'InvariantBroken';
}

export async function checkInvariants(world: World, model: Model): Promise<void> {
  const broken: string[] = [];
  const shown = {} as Shown;
  const started = performance.now();
  for (const name of CUSTOMERS) shown[name] = await world.as(name).billing.mine();
  TIMINGS.set('billing.mine', (TIMINGS.get('billing.mine') ?? 0) + performance.now() - started);
  for (const [name, check] of Object.entries(INVARIANTS)) {
    const started = performance.now();
    for (const violation of await check(world, model, shown)) broken.push(`${name}: ${violation}`);
    TIMINGS.set(name, (TIMINGS.get(name) ?? 0) + performance.now() - started);
  }
  if (broken.length) {
    throw new InvariantBroken(
      `Invariantes rotas tras el paso ${model.trail.length}:\n  ${broken.join('\n  ')}\nPasos:\n  ${model.trail.join('\n  ')}`,
    );
  }
}
