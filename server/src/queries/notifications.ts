import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { notifications } from '../db/schema';

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return Number(row.n);
}
