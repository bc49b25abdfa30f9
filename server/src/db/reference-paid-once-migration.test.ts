// Migration 0040 (docs/product/admin-payments-and-billing.md#a-bank-reference-pays-once): approved
// payments that already repeat a reference (money credited twice before the rule) are kept and
// marked with the payment that carried it first, so that the unique index can hold from then on.
// Applied here on a database migrated up to 0039 that holds such payments.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isUniqueViolation } from '../lib/database-errors';
import { useDatabaseMigratedUpTo } from '../test/migrations';

const migrated = useDatabaseMigratedUpTo('0039_own_package_search');
const { query } = migrated;

async function customer(email: string): Promise<string> {
  const [user] = await query(
    sql`insert into users (email, password_hash, role) values (${email}, 'x', 'user') returning id`,
  );
  return user!.id as string;
}

async function payment(
  userId: string,
  p: { currency: 'VES' | 'USD'; method: string; reference: string; status: string; daysAgo: number },
): Promise<string> {
  const [row] = await query(sql`insert into payment_transactions
      (user_id, transaction_type, amount_usd_cents, amount_ves_cents, currency, payment_method, payment_reference, status, processed_at)
    values (${userId}, 'credit_purchase', 10046, ${p.currency === 'VES' ? 2_636_070 : null}, ${p.currency}, ${p.method},
      ${p.reference}, ${p.status}, ${p.status === 'completed' ? sql`now() - make_interval(days => ${p.daysAgo})` : null})
    returning id`);
  return row!.id as string;
}

const marks = async () =>
  Object.fromEntries(
    (await query(sql`select id, metadata->>'reference_paid_before' as before from payment_transactions`)).map((r) => [
      r.id,
      r.before,
    ]),
  );

describe('migration 0040: a bank reference pays once', () => {
  it('marks each later approval of a reference already approved, and refuses a new one', async () => {
    const rosa = await customer('rosa@ejemplo.com');
    const luis = await customer('luis@ejemplo.com');
    // Rosa's Pago Móvil, approved first; the same transfer assigned to Luis from the statement later.
    const first = await payment(rosa, {
      currency: 'VES',
      method: 'Pago Móvil',
      reference: '0045111122223333',
      status: 'completed',
      daysAgo: 3,
    });
    const twice = await payment(luis, {
      currency: 'VES',
      method: 'Transferencia Banesco',
      reference: '4511-1122-2233-33',
      status: 'completed',
      daysAgo: 1,
    });
    const pending = await payment(luis, {
      currency: 'VES',
      method: 'Transferencia Banesco',
      reference: '45111122223333',
      status: 'pending',
      daysAgo: 0,
    });
    // In dollars each method numbers its own references: the same text through Zelle and Binance is two payments.
    const zelle = await payment(rosa, {
      currency: 'USD',
      method: 'Zelle',
      reference: 'ZL12345',
      status: 'completed',
      daysAgo: 2,
    });
    const binance = await payment(luis, {
      currency: 'USD',
      method: 'Binance USDT',
      reference: 'ZL12345',
      status: 'completed',
      daysAgo: 2,
    });

    await migrated.database().migrate();

    expect(await marks()).toEqual({ [first]: null, [twice]: first, [pending]: null, [zelle]: null, [binance]: null });

    // From now on the database refuses a second approval of the reference.
    let refused: unknown = null;
    try {
      await query(
        sql`update payment_transactions set status = 'completed', processed_at = now() where id = ${pending}`,
      );
    } catch (err) {
      refused = err;
    }
    expect(isUniqueViolation(refused, 'payment_transactions_reference_paid_once_key')).toBe(true);
  });
});
