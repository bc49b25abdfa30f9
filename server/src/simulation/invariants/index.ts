// The business's invariants (docs/product/invariants.md), checked after every step of the
// simulated day. Each check reads the database (and, for what a screen shows, the procedure the
// screen calls) and answers its violations in words; any violation fails the run with all of them.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import type { Model } from '../model';
import { CUSTOMERS, type CustomerName, type World } from '../world';
import { claimCaps } from './claims';
import { customsSettled } from './customs';
import { fiscalNumbers } from './fiscal';
import { moneyFacts } from './money-facts';
import { bolivaresShown, confirmedIsInvoiced, ledgerBalances, paymentsCredited, referencePaysOnce } from './money';
import { parcelsAndDepartures } from './parcels';
import type { CheckContext, Invariant, Shown } from './context';

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
  'I9 aduana liquidada una vez': customsSettled,
};

/** Milliseconds spent in each step and invariant over the day (printed at its end). */
export const TIMINGS = new Map<string, number>();

/**
 * Each customer's Facturas as the procedure answers it. Read again only when what it shows may have
 * changed (their ledger, invoices or fiscal documents), which most steps do not touch.
 */
const lastShown = new WeakMap<World, Map<CustomerName, { key: string; mine: Shown[CustomerName] }>>();

async function shownFacturas(world: World): Promise<Shown> {
  const keys = rowsOf<{ id: string; key: string }>(
    await world.db.execute(sql`
      select u.id, concat_ws(':',
        (select max(le.id) from ledger_entries le where le.user_id = u.id),
        (select count(*) || '/' || count(i.voided_at) from invoices i where i.user_id = u.id),
        (select count(*) || '/' || count(d.control_number) || '/' || count(d.replaced_at) from fiscal_documents d where d.user_id = u.id),
        (select count(*) || '/' || max(p.updated_at) from payment_transactions p where p.user_id = u.id)) as key
      from users u where u.id = any(${`{${CUSTOMERS.map((c) => world.customers[c].userId).join(',')}}`}::uuid[])`),
  );
  const cache = lastShown.get(world) ?? new Map();
  lastShown.set(world, cache);
  const shown = {} as Shown;
  for (const name of CUSTOMERS) {
    const key = keys.find((k) => k.id === world.customers[name].userId)?.key ?? '';
    const known = cache.get(name);
    if (known && known.key === key) shown[name] = known.mine;
    else {
      shown[name] = await world.as(name).billing.mine();
      cache.set(name, { key, mine: shown[name] });
    }
  }
  return shown;
}

export class InvariantBroken extends Error {
  override readonly name = 'InvariantBroken';
}

export async function checkInvariants(world: World, model: Model): Promise<void> {
  const broken: string[] = [];
  const started = performance.now();
  const shown = await shownFacturas(world);
  TIMINGS.set('billing.mine', (TIMINGS.get('billing.mine') ?? 0) + performance.now() - started);
  const read = performance.now();
  const context: CheckContext = { shown, money: await moneyFacts(world) };
  TIMINGS.set('hechos del dinero', (TIMINGS.get('hechos del dinero') ?? 0) + performance.now() - read);
  for (const [name, check] of Object.entries(INVARIANTS)) {
    const started = performance.now();
    for (const violation of await check(world, model, context)) broken.push(`${name}: ${violation}`);
    TIMINGS.set(name, (TIMINGS.get(name) ?? 0) + performance.now() - started);
  }
  if (broken.length) {
    throw new InvariantBroken(
      `Invariantes rotas tras el paso ${model.trail.length}:\n  ${broken.join('\n  ')}\nPasos:\n  ${model.trail.join('\n  ')}`,
    );
  }
}
