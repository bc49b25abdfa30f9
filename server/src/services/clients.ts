// The admin's changes on the clients screen (docs/product/admin-clients.md): create a mailbox for a
// customer, switch a mailbox on or off, edit a customer's profile. Uniqueness (mailbox codes,
// one mailbox per customer per country) is the database's: its unique violations become the
// spec's messages; the checks before them only answer sooner.
import { and, eq, ne } from 'drizzle-orm';
import {
  ACTIVATION_COST_USD_CENTS,
  CLIENT_MAILBOX_NOTIFICATIONS as N,
  CLIENT_MESSAGES as M,
  MAILBOX_COUNTRY_LABELS,
  formatUsdFromCents,
  type CasilleroType,
  type MailboxCountry,
  type MailboxLocation,
  type MailboxStatus,
  type clientUpdateInput,
  type mailboxCreateInput,
  type z,
} from '@casillero/shared';
import type { Db } from '../db/client';
import { DomainError } from '../lib/domain-error';
import { mailboxes } from '../db/schema';
import { chargeActivation } from './accounts';
import type { Config } from '../env';
import { findClient } from '../queries/clients';
import { mailboxPrefixOf } from '../queries/allies';
import { upsertOwnProfile } from '../queries/profile';
import { isUniqueViolation } from './auth';
import { insertMailbox } from './mailbox-code';
import { notifyUser } from './notify';

export const CUSTOMER_MAILBOXES_PATH = '/dashboard/mis-casilleros';
const CODE_CONSTRAINT = 'mailboxes_mailbox_code_key';
const COUNTRY_CONSTRAINT = 'mailboxes_user_id_country_key';

const LOCATION: Record<MailboxCountry, MailboxLocation> = { USA: 'miami', CHINA: 'beijing', OTHER: 'other' };
const ACTIVATION_TYPE: Partial<Record<MailboxCountry, CasilleroType>> = { USA: 'usa', CHINA: 'china' };

type MailConfig = Pick<Config, 'appUrl'>;

const clientNotFound = () => new DomainError('NOT_FOUND', M.notFound);
const alreadyHas = (country: MailboxCountry) =>
  new DomainError('CONFLICT', M.alreadyHas(MAILBOX_COUNTRY_LABELS[country]));
const codeTaken = () => new DomainError('CONFLICT', M.codeTaken);

/**
 * Crear Casillero Manual: inactive, with the code given or generated in the spec's format,
 * and — for USA and China, unless the admin waives it — the same pending activation payment a
 * self-service sign-up gets, so the customer can report paying it and its approval activates
 * the mailbox (docs/product/product-decisions.md#d9-customers-own-flows-are-real). The customer is notified (type general).
 */
export async function createMailboxForClient(db: Db, input: z.output<typeof mailboxCreateInput>, config: MailConfig) {
  try {
    return await db.transaction(async (tx) => {
      const client = await findClient(tx, input.userId);
      if (!client) throw clientNotFound();
      const [existing] = await tx
        .select({ id: mailboxes.id })
        .from(mailboxes)
        .where(and(eq(mailboxes.userId, input.userId), eq(mailboxes.country, input.country)));
      if (existing) throw alreadyHas(input.country);
      if (input.mailboxCode) {
        const [taken] = await tx
          .select({ id: mailboxes.id })
          .from(mailboxes)
          .where(eq(mailboxes.mailboxCode, input.mailboxCode));
        if (taken) throw codeTaken();
      }
      if (input.country === 'OTHER' && !input.mailboxCode) {
        throw new DomainError('BAD_INPUT', M.countryNotSupported);
      }

      const mailbox = await insertMailbox(
        tx,
        {
          userId: input.userId,
          country: input.country,
          location: LOCATION[input.country],
          addressLine1: input.addressLine1,
          // Empty line 2: insertMailbox writes 'REF/APTO: {code}'.
          ...(input.addressLine2 ? { addressLine2: input.addressLine2 } : {}),
          city: input.city,
          state: input.state,
          postalCode: input.postalCode,
          status: 'inactive',
          ...(input.mailboxCode ? { mailboxCode: input.mailboxCode } : {}),
        },
        await mailboxPrefixOf(tx, input.userId),
      );
      // A generated code that clashed is not the caller's doing: unexpected, logged, answered generically.
      if (!mailbox) throw input.mailboxCode ? codeTaken() : new Error(M.createFailed);

      const type = ACTIVATION_TYPE[input.country];
      const activationUsdCents = input.chargeActivation && type ? ACTIVATION_COST_USD_CENTS[type] : null;
      let activationPaymentId: string | null = null;
      if (activationUsdCents !== null) {
        const payment = await chargeActivation(tx, input.userId, mailbox, activationUsdCents, null);
        activationPaymentId = payment.id;
      }

      await notifyUser(
        tx,
        input.userId,
        {
          title: N.createdTitle,
          message: N.created(
            mailbox.mailboxCode,
            MAILBOX_COUNTRY_LABELS[input.country],
            activationUsdCents === null ? null : formatUsdFromCents(activationUsdCents),
          ),
          type: 'general',
          link: CUSTOMER_MAILBOXES_PATH,
        },
        { kind: 'account', email: 'default', appUrl: config.appUrl },
      );
      return {
        id: mailbox.id,
        mailboxCode: mailbox.mailboxCode,
        status: mailbox.status,
        activationPaymentId,
        message: M.created(mailbox.mailboxCode),
      };
    });
  } catch (err) {
    if (isUniqueViolation(err, COUNTRY_CONSTRAINT)) throw alreadyHas(input.country);
    if (isUniqueViolation(err, CODE_CONSTRAINT)) throw codeTaken();
    throw err;
  }
}

/** Switches a mailbox on or off; the customer is told when the status really changes. */
export async function setMailboxStatus(db: Db, id: string, status: MailboxStatus, config: MailConfig) {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(mailboxes)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(mailboxes.id, id), ne(mailboxes.status, status)))
      .returning({ id: mailboxes.id, userId: mailboxes.userId, mailboxCode: mailboxes.mailboxCode });
    if (!changed) {
      const [current] = await tx.select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.id, id));
      if (!current) throw new DomainError('NOT_FOUND', M.mailboxNotFound);
      return { id, status };
    }
    const isActive = status === 'active';
    await notifyUser(
      tx,
      changed.userId,
      {
        title: isActive ? N.activatedTitle : N.deactivatedTitle,
        message: isActive ? N.activated(changed.mailboxCode) : N.deactivated(changed.mailboxCode),
        type: 'general',
        link: CUSTOMER_MAILBOXES_PATH,
      },
      { kind: 'account', email: 'default', appUrl: config.appUrl },
    );
    return { id, status };
  });
}

/** Editar Cliente: the profile of a customer; empty optionals are saved as null. */
export async function updateClientProfile(db: Db, input: z.output<typeof clientUpdateInput>) {
  const { userId, ...values } = input;
  return db.transaction(async (tx) => {
    if (!(await findClient(tx, userId))) throw clientNotFound();
    await upsertOwnProfile(tx, userId, values);
    return { userId };
  });
}
