// The draft a forwarded store e-mail makes (docs/decisions/038-prealerts-from-email.md): a pre-alert
// with status 'draft', each field it read listed in email_fields. A second e-mail for the same
// order (or the same tracking number) completes it instead of making another; confirming makes
// it a normal pre-alert. An invoice sent by WhatsApp makes the same draft, its fields listed in
// whatsapp_fields instead (docs/product/whatsapp-desk.md#pre-alerting-a-purchase).
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { PREALERT_MAIL_MESSAGES as M, type EmailField, type PrealertCarrier } from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { mailboxes, prealerts } from '../../db/schema';
import { notifyUser } from '../notify';
import { followNumber } from '../carrier-tracking/follow';
import { claimIntakeForPrealert } from '../reception';
import type { Extraction } from './extraction';

/** Where the customer confirms a draft. */
export const draftLink = (id: string) => `/dashboard/prealertas?borrador=${id}`;

export type DraftValues = {
  trackingNumber: string | null;
  carrier: PrealertCarrier | null;
  senderName: string | null;
  description: string | null;
  quantityItems: number | null;
  amountSpentUsdCents: number | null;
  orderNumber: string | null;
  invoiceFileId: string | null;
};

/** What an extraction gives a pre-alert, field by field (null: not read). */
export function draftValuesOf(x: Extraction, subject: string, invoiceFileId: string | null): DraftValues {
  const tracking = x.trackings[0] ?? null;
  const items = x.items.filter((i) => i.description.trim());
  const description = items.length
    ? items
        .map((i) => (i.quantity > 1 ? `${i.quantity} × ${i.description.trim()}` : i.description.trim()))
        .join(', ')
        .slice(0, 500)
    : null;
  return {
    trackingNumber: tracking?.trackingNumber ?? null,
    carrier: tracking?.carrier ?? null,
    senderName: x.storeName?.slice(0, 200) ?? null,
    description: description ?? (subject.trim() ? subject.trim().slice(0, 200) : null),
    quantityItems: items.length ? items.reduce((n, i) => n + Math.max(1, i.quantity), 0) : null,
    amountSpentUsdCents: x.totalUsdCents,
    orderNumber: x.orderNumber?.slice(0, 100) ?? null,
    invoiceFileId,
  };
}

const readFields = (v: DraftValues): EmailField[] =>
  (Object.keys(v) as EmailField[]).filter((k) => v[k] !== null && v[k] !== undefined);

/** Where a draft's fields were read from: a forwarded store e-mail or a file sent by WhatsApp. */
export type DraftSource = 'email' | 'whatsapp';

/**
 * The lists of fields read, with `added` read now from `source`: a field is listed under the
 * source that last filled it (a field the customer emptied can be filled again by the other).
 */
function readFrom(
  source: DraftSource,
  added: readonly string[],
  before: { emailFields: string[] | null; whatsappFields: string[] | null } = {
    emailFields: null,
    whatsappFields: null,
  },
) {
  const merged = (list: string[] | null, ours: boolean) => {
    const kept = (list ?? []).filter((f) => !added.includes(f));
    const next = ours ? [...new Set([...kept, ...added])] : kept;
    return next.length > 0 ? next : null;
  };
  return {
    emailFields: merged(before.emailFields, source === 'email'),
    whatsappFields: merged(before.whatsappFields, source === 'whatsapp'),
  };
}

/** The customer's open pre-alert (draft or not) for this order or one of these tracking numbers. */
async function findSameOrder(tx: DbOrTx, userId: string, v: DraftValues, trackings: string[]) {
  const conditions = [
    v.orderNumber ? eq(prealerts.orderNumber, v.orderNumber) : undefined,
    ...trackings.map((t) => sql`upper(${prealerts.trackingNumber}) = upper(${t})`),
  ].filter(Boolean);
  if (conditions.length === 0) return null;
  const [row] = await tx
    .select()
    .from(prealerts)
    .where(and(eq(prealerts.userId, userId), ne(prealerts.status, 'converted'), or(...conditions)))
    .orderBy(prealerts.createdAt)
    .limit(1)
    .for('update');
  return row ?? null;
}

async function defaultMailbox(tx: DbOrTx, userId: string) {
  const boxes = await tx
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .where(and(eq(mailboxes.userId, userId), eq(mailboxes.status, 'active')))
    .limit(2);
  return boxes.length === 1 ? boxes[0].id : null;
}

export type DraftOutcome = { outcome: 'draft_created' | 'draft_completed' | 'no_fields'; prealertId: string | null };

/**
 * Makes the draft, or completes the customer's pre-alert for the same order: only fields still
 * empty are filled (what the customer typed or confirmed is never overwritten). Tells the
 * customer "Prealerta creada desde tu correo" through the notifications and their outbox.
 */
export async function createOrCompleteDraft(
  tx: DbOrTx,
  userId: string,
  extraction: Extraction,
  v: DraftValues,
  appUrl: string,
  /**
   * `notify: false`: the caller tells the customer itself (the WhatsApp desk answers in the chat).
   * `source`: where the fields were read from, a forwarded e-mail (the default) or a WhatsApp file.
   */
  options: { notify?: boolean; source?: DraftSource } = {},
): Promise<DraftOutcome> {
  const notify = options.notify !== false;
  const source = options.source ?? 'email';
  const trackings = extraction.trackings.map((t) => t.trackingNumber);
  const what = v.senderName ?? 'tu tienda';
  const existing = await findSameOrder(tx, userId, v, trackings);
  if (existing) {
    const patch: Partial<typeof prealerts.$inferInsert> = {};
    const added: EmailField[] = [];
    const fill = <K extends EmailField & keyof typeof existing>(key: K, value: unknown) => {
      if ((existing[key] === null || existing[key] === undefined) && value !== null && value !== undefined) {
        (patch as Record<string, unknown>)[key] = value;
        added.push(key);
      }
    };
    fill('trackingNumber', v.trackingNumber);
    fill('carrier', v.carrier);
    fill('senderName', v.senderName);
    fill('amountSpentUsdCents', v.amountSpentUsdCents);
    fill('orderNumber', v.orderNumber);
    fill('invoiceFileId', v.invoiceFileId);
    if (added.length === 0) return { outcome: 'draft_completed', prealertId: existing.id };
    await tx
      .update(prealerts)
      .set({ ...patch, ...readFrom(source, added, existing) })
      .where(eq(prealerts.id, existing.id));
    // A confirmed pre-alert that receives its number now is followed and matched like a typed one.
    if (existing.status !== 'draft' && patch.trackingNumber) {
      const carrier = (patch.carrier ?? existing.carrier) as PrealertCarrier | null;
      await followNumber(tx, patch.trackingNumber, carrier);
      await claimIntakeForPrealert(tx, { appUrl }, userId, {
        id: existing.id,
        trackingNumber: patch.trackingNumber,
        mailboxId: existing.mailboxId,
      });
    }
    if (notify)
      await notifyUser(
        tx,
        userId,
        {
          title: M.draftCompletedTitle,
          message: M.draftCompleted(what),
          type: 'package',
          link: draftLink(existing.id),
        },
        { kind: 'status_changed', email: 'default', appUrl },
      );
    return { outcome: 'draft_completed', prealertId: existing.id };
  }
  if (!v.trackingNumber && !v.orderNumber && extraction.items.length === 0) {
    return { outcome: 'no_fields', prealertId: null };
  }
  const [row] = await tx
    .insert(prealerts)
    .values({
      userId,
      mailboxId: await defaultMailbox(tx, userId),
      trackingNumber: v.trackingNumber,
      carrier: v.carrier,
      senderName: v.senderName,
      description: v.description ?? what,
      quantityItems: v.quantityItems ?? 1,
      amountSpentUsdCents: v.amountSpentUsdCents,
      orderNumber: v.orderNumber,
      invoiceFileId: v.invoiceFileId,
      ...readFrom(source, readFields(v)),
      status: 'draft',
    })
    .returning({ id: prealerts.id });
  if (notify)
    await notifyUser(
      tx,
      userId,
      { title: M.draftCreatedTitle, message: M.draftCreated(what), type: 'package', link: draftLink(row.id) },
      { kind: 'status_changed', email: 'default', appUrl },
    );
  return { outcome: 'draft_created', prealertId: row.id };
}
