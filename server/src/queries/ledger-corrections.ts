// The ledger corrections waiting for a second staff member (services/billing/ledger-corrections.ts).
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { ledgerCorrectionRequests, userProfiles, users } from '../db/schema';

/** A customer's corrections waiting for approval, oldest first, with who asked for each. */
export async function listPendingCorrections(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      id: ledgerCorrectionRequests.id,
      kind: ledgerCorrectionRequests.kind,
      usdCents: ledgerCorrectionRequests.usdCents,
      reason: ledgerCorrectionRequests.reason,
      requestedAt: ledgerCorrectionRequests.requestedAt,
      requestedBy: ledgerCorrectionRequests.requestedBy,
      requestedByName: userProfiles.fullName,
      requestedByEmail: users.email,
    })
    .from(ledgerCorrectionRequests)
    .innerJoin(users, eq(users.id, ledgerCorrectionRequests.requestedBy))
    .leftJoin(userProfiles, eq(userProfiles.userId, ledgerCorrectionRequests.requestedBy))
    .where(and(eq(ledgerCorrectionRequests.userId, userId), eq(ledgerCorrectionRequests.status, 'pending')))
    .orderBy(asc(ledgerCorrectionRequests.requestedAt));
  return rows.map((r) => ({ ...r, requestedAt: r.requestedAt.toISOString() }));
}
