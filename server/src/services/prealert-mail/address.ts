// The customer's personal inbound address, prealertas+<token>@<INBOUND_MAIL_DOMAIN>, and the
// customer an inbound message's recipient names (docs/product/prealerts-from-email.md#recepción).
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { INBOUND_MAIL_LOCAL_PART } from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { inboundMailAddresses, mailSenders, users } from '../../db/schema';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** 12 characters without look-alikes (no l, o, 0, 1): about 60 bits, not guessable. */
function newToken(): string {
  const bytes = randomBytes(12);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

export const inboundAddress = (token: string, domain: string) => `${INBOUND_MAIL_LOCAL_PART}+${token}@${domain}`;

/** The customer's token, made on first use. */
export async function ownInboundToken(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({ token: inboundMailAddresses.token })
    .from(inboundMailAddresses)
    .where(eq(inboundMailAddresses.userId, userId));
  if (row) return row.token;
  await db.insert(inboundMailAddresses).values({ userId, token: newToken() }).onConflictDoNothing();
  const [made] = await db
    .select({ token: inboundMailAddresses.token })
    .from(inboundMailAddresses)
    .where(eq(inboundMailAddresses.userId, userId));
  return made.token;
}

/** The token of `prealertas+<token>@<domain>` (any case), or null for any other address. */
export function tokenOfRecipient(recipient: string, domain: string | null): string | null {
  const m = /^([^@+]+)\+([a-z0-9]{6,40})@([^@]+)$/i.exec(recipient.trim());
  if (!m || m[1].toLowerCase() !== INBOUND_MAIL_LOCAL_PART) return null;
  if (domain && m[3].toLowerCase() !== domain) return null;
  return m[2].toLowerCase();
}

/** The customer of the first recipient that is one of the inbound addresses, or null. */
export async function customerOfRecipients(
  db: DbOrTx,
  recipients: readonly string[],
  domain: string | null,
): Promise<{ userId: string; email: string } | null> {
  for (const r of recipients) {
    const token = tokenOfRecipient(r, domain);
    if (!token) continue;
    const [row] = await db
      .select({ userId: users.id, email: users.email })
      .from(inboundMailAddresses)
      .innerJoin(users, eq(users.id, inboundMailAddresses.userId))
      .where(eq(inboundMailAddresses.token, token));
    if (row) return row;
  }
  return null;
}

/** Whether `address` is the customer's account e-mail or one they registered as a sender. */
export async function isOwnSender(
  db: DbOrTx,
  customer: { userId: string; email: string },
  address: string,
): Promise<boolean> {
  const a = address.trim().toLowerCase();
  if (a === customer.email.toLowerCase()) return true;
  const [row] = await db
    .select({ id: mailSenders.id })
    .from(mailSenders)
    .where(and(eq(mailSenders.userId, customer.userId), sql`${mailSenders.email} = ${a}`))
    .limit(1);
  return Boolean(row);
}
