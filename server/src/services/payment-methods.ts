// The payment methods the administrator keeps (docs/decisions/021-billing-in-bolivares.md). Only the fields of the method's kind
// are stored; a method in use is deactivated, never deleted, so reported payments keep it.
import { asc, eq } from 'drizzle-orm';
import { PAYMENT_METHOD_FIELDS, PAYMENT_METHOD_MESSAGES, type paymentMethodInput, type z } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { DomainError } from '../lib/domain-error';
import { paymentMethods } from '../db/schema';
import { isUniqueViolation } from './auth';

type MethodInput = z.output<typeof paymentMethodInput>;

const NAME_INDEX = 'payment_methods_name_key';

function values(input: MethodInput) {
  const details = Object.fromEntries(
    Object.keys(PAYMENT_METHOD_FIELDS[input.kind]).map((k) => [k, input.details[k]?.trim() ?? '']),
  );
  return {
    kind: input.kind,
    name: input.name,
    currency: input.currency,
    details,
    instructions: input.instructions,
    active: input.active,
  };
}

async function refuseTakenName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, NAME_INDEX)) throw new DomainError('CONFLICT', PAYMENT_METHOD_MESSAGES.nameTaken);
    throw err;
  }
}

export function createPaymentMethod(db: DbOrTx, input: MethodInput) {
  return refuseTakenName(async () => {
    const [method] = await db.insert(paymentMethods).values(values(input)).returning();
    return { method, message: PAYMENT_METHOD_MESSAGES.saved };
  });
}

export function updatePaymentMethod(db: DbOrTx, id: string, input: MethodInput) {
  return refuseTakenName(async () => {
    const [method] = await db.update(paymentMethods).set(values(input)).where(eq(paymentMethods.id, id)).returning();
    if (!method) throw new DomainError('NOT_FOUND', PAYMENT_METHOD_MESSAGES.notFound);
    return { method, message: PAYMENT_METHOD_MESSAGES.saved };
  });
}

const methodColumns = {
  id: paymentMethods.id,
  kind: paymentMethods.kind,
  name: paymentMethods.name,
  currency: paymentMethods.currency,
  details: paymentMethods.details,
  instructions: paymentMethods.instructions,
  active: paymentMethods.active,
};

/** Every method, for the administrator; `activeOnly` for the customer paying. */
export function listPaymentMethods(db: DbOrTx, activeOnly: boolean) {
  return db
    .select(methodColumns)
    .from(paymentMethods)
    .where(activeOnly ? eq(paymentMethods.active, true) : undefined)
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.name));
}
export type PaymentMethodRow = Awaited<ReturnType<typeof listPaymentMethods>>[number];

/** The method a customer reports with: it must exist and be active. */
export async function findActiveMethod(db: DbOrTx, id: string) {
  const [method] = await db.select(methodColumns).from(paymentMethods).where(eq(paymentMethods.id, id));
  if (!method) throw new DomainError('NOT_FOUND', PAYMENT_METHOD_MESSAGES.notFound);
  if (!method.active) throw new DomainError('BAD_INPUT', PAYMENT_METHOD_MESSAGES.inactive);
  return method;
}
