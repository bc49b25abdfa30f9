// A customer's address book (docs/product/last-mile.md#recipients): the account holder is a
// recipient too, made from the profile the first time the book is read, and is the default.
import { and, eq } from 'drizzle-orm';
import {
  normalizeIdDocument,
  normalizePhone,
  isVenezuelanPhone,
  RECIPIENT_MESSAGES as M,
  type RecipientValues,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { userProfiles, users } from '../db/schema';
import { profileColumns } from '../queries/profile';
import { DomainError } from '../lib/domain-error';
import {
  archiveOwnRecipient,
  getOwnRecipient,
  hasAccountHolderRecipient,
  insertRecipient,
  listRecipientsOf,
  updateOwnRecipient,
  type RecipientItem,
} from '../queries/recipients';

const venezuelanPhoneOrNull = (phone: string | null) => {
  const normal = phone ? normalizePhone(phone) : null;
  return normal && isVenezuelanPhone(normal) ? normal : null;
};

/**
 * Adds the account holder's own entry from the profile when the customer has none yet (a
 * document or phone the profile keeps in another form is left empty, to be completed).
 */
export async function ensureAccountHolderRecipient(db: DbOrTx, userId: string): Promise<void> {
  if (await hasAccountHolderRecipient(db, userId)) return;
  const [profile] = await db
    .select({ role: users.role, ...profileColumns })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!profile || profile.role !== 'user') return;
  await insertRecipient(db, userId, {
    fullName: profile.fullName,
    idDocument: profile.cedula ? normalizeIdDocument(profile.cedula) : null,
    phone: venezuelanPhoneOrNull(profile.phone),
    state: profile.venezuelaState ?? '',
    municipality: '',
    city: profile.venezuelaCity ?? '',
    address: profile.venezuelaAddress ?? '',
    reference: '',
    isAuthorized: false,
    isAccountHolder: true,
  });
}

/** The customer's address book, the account holder's entry first (made from the profile if missing). */
export async function recipientsOf(db: DbOrTx, userId: string): Promise<RecipientItem[]> {
  await ensureAccountHolderRecipient(db, userId);
  return listRecipientsOf(db, userId);
}

async function ownOrMissing(db: DbOrTx, userId: string, id: string): Promise<RecipientItem> {
  const row = await getOwnRecipient(db, userId, id);
  if (!row) throw new DomainError('NOT_FOUND', M.notFound);
  return row;
}

export async function createRecipient(db: DbOrTx, userId: string, values: RecipientValues): Promise<RecipientItem> {
  await ensureAccountHolderRecipient(db, userId);
  const id = await insertRecipient(db, userId, values);
  if (!id) throw new DomainError('CONFLICT', M.notFound);
  return ownOrMissing(db, userId, id);
}

export async function updateRecipient(
  db: DbOrTx,
  userId: string,
  id: string,
  values: RecipientValues,
): Promise<RecipientItem> {
  if (!(await updateOwnRecipient(db, userId, id, values))) throw new DomainError('NOT_FOUND', M.notFound);
  return ownOrMissing(db, userId, id);
}

/**
 * Staff's 'Nuevo destinatario' in 'Crear Envío': a recipient in a customer's book. Only a
 * customer's (role user) book: any other account is answered as a missing customer. The
 * recipients table's trigger writes the staff member's entry to the audit log.
 */
export async function createRecipientForCustomer(
  db: DbOrTx,
  customerId: string,
  values: RecipientValues,
): Promise<RecipientItem & { message: string }> {
  const [customer] = await db
    .select({ fullName: userProfiles.fullName, email: users.email })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(eq(users.id, customerId), eq(users.role, 'user')));
  if (!customer) throw new DomainError('NOT_FOUND', M.customerNotFound);
  const created = await createRecipient(db, customerId, values);
  return { ...created, message: M.createdForCustomer(customer.fullName ?? customer.email) };
}

/** Removes a recipient from the book; the shipments that name it keep it. The account holder stays. */
export async function archiveRecipient(db: DbOrTx, userId: string, id: string): Promise<{ id: string }> {
  const row = await ownOrMissing(db, userId, id);
  if (row.isAccountHolder) throw new DomainError('BAD_INPUT', M.accountHolderArchive);
  if (!(await archiveOwnRecipient(db, userId, id))) throw new DomainError('NOT_FOUND', M.notFound);
  return { id };
}
