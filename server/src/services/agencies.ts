// The agencies catalogue's changes (docs/product/last-mile.md#agencies): the administrator adds,
// corrects, deactivates and reactivates agencies; the audit trigger on agencies records each.
// A code is unique (upper-cased): two agencies with one code are refused, even at once.
import { eq } from 'drizzle-orm';
import { AGENCY_MESSAGES as M, type agencyCreateInput, type agencyUpdateInput, type z } from '@casillero/shared';
import type { Db } from '../db/client';
import { agencies } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { isUniqueViolation } from '../lib/database-errors';

const CODE_CONSTRAINT = 'agencies_code_key';

async function codeTaken<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, CODE_CONSTRAINT)) throw new DomainError('CONFLICT', M.codeTaken(code));
    throw err;
  }
}

export async function createAgency(db: Db, input: z.output<typeof agencyCreateInput>) {
  return codeTaken(input.code, async () => {
    const [row] = await db.insert(agencies).values(input).returning({ id: agencies.id, code: agencies.code });
    return { ...row, message: M.created(row.code) };
  });
}

export async function updateAgency(db: Db, input: z.output<typeof agencyUpdateInput>) {
  const { id, ...values } = input;
  return codeTaken(input.code, async () => {
    const [row] = await db
      .update(agencies)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(agencies.id, id))
      .returning({ id: agencies.id, code: agencies.code });
    if (!row) throw new DomainError('NOT_FOUND', M.notFound);
    return { ...row, message: M.saved(row.code) };
  });
}

/** Deactivated, an agency cannot be chosen for a new shipment; the shipments already bound keep it. */
export async function setAgencyActive(db: Db, id: string, active: boolean) {
  const [row] = await db
    .update(agencies)
    .set({ active, updatedAt: new Date() })
    .where(eq(agencies.id, id))
    .returning({ id: agencies.id, code: agencies.code, active: agencies.active });
  if (!row) throw new DomainError('NOT_FOUND', M.notFound);
  return { ...row, message: active ? M.activated(row.code) : M.deactivated(row.code) };
}
