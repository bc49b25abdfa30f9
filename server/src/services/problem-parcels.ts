// Problem parcels (docs/product/problem-parcels.md): staff flag a parcel, the customer chooses what
// to do with it (an invoice when the choice costs), staff complete a return or a disposal, and the
// daily job abandons the parcels nobody decided on, with a notice 5 days before and one on the day.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  PACKAGE_STATUS_LABELS,
  PROBLEM_CHOICE_LABELS,
  PROBLEM_CHOICES_BY_REASON,
  PROBLEM_FLAGGABLE_STATUSES,
  PROBLEM_MESSAGES as M,
  PROBLEM_NOTICE_DAYS_BEFORE,
  PROBLEM_REASON_LABELS,
  abandonDay,
  formatDate,
  type problemChooseInput,
  type problemFlagInput,
  type problemSettingsInput,
  type ProblemSettings,
  type z,
  dollarsToCents,
} from '@casillero/shared';
import { rowsOf, type Db, type DbOrTx } from '../db/client';
import { packageProblems, packages } from '../db/schema';
import { businessToday } from '../lib/business-clock';
import { DomainError } from '../lib/domain-error';
import { saveAuditedSetting } from '../audit/app-settings';
import { PROBLEM_SETTINGS_KEY, getProblemSettings, packageLabel } from '../queries/problem-parcels';
import { issueInvoice } from './billing/invoices';
import { notifyUser } from './notify';

const CUSTOMER_LINK = '/dashboard/almacen';

/** The administrator's change, locked and audited (audit/app-settings.ts). */
export async function setProblemSettings(
  tx: DbOrTx,
  input: z.output<typeof problemSettingsInput>,
): Promise<ProblemSettings> {
  const after: ProblemSettings = {
    abandonDays: input.abandonDays,
    returnFeeUsdCents: dollarsToCents(input.returnFeeUsd),
  };
  await saveAuditedSetting(tx, PROBLEM_SETTINGS_KEY, after, () => getProblemSettings(tx));
  return after;
}

/**
 * Staff hold a parcel on the shelf: the customer is told and has until the abandonment day to
 * choose. The parcel's row is locked first, so a shipment being created for it waits and then sees
 * the hold (and a flag after a shipment took it finds it no longer on the shelf).
 */
export async function flagProblem(
  tx: DbOrTx,
  staffId: string,
  input: z.output<typeof problemFlagInput>,
  options: { appUrl?: string; today?: string } = {},
) {
  const [pkg] = await tx
    .select({ id: packages.id, userId: packages.userId, status: packages.status, label: packageLabel })
    .from(packages)
    .where(eq(packages.id, input.packageId))
    .for('update');
  if (!pkg) throw new DomainError('NOT_FOUND', M.notFound);
  if (!(PROBLEM_FLAGGABLE_STATUSES as readonly string[]).includes(pkg.status))
    throw new DomainError('CONFLICT', M.notOnShelf);
  const [inShipment] = rowsOf<{ one: number }>(
    await tx.execute(sql`select 1 as one from shipment_packages where package_id = ${pkg.id} limit 1`),
  );
  if (inShipment) throw new DomainError('CONFLICT', M.notOnShelf);
  const [open] = await tx
    .select({ id: packageProblems.id })
    .from(packageProblems)
    .where(and(eq(packageProblems.packageId, pkg.id), isNull(packageProblems.resolvedAt)));
  if (open) throw new DomainError('CONFLICT', M.alreadyFlagged);

  const { abandonDays } = await getProblemSettings(tx);
  const abandonOn = abandonDay(options.today ?? businessToday(), abandonDays);
  const charge = input.extraChargeUsd ? dollarsToCents(input.extraChargeUsd) : null;
  const [problem] = await tx
    .insert(packageProblems)
    .values({
      packageId: pkg.id,
      userId: pkg.userId,
      reason: input.reason,
      note: input.note,
      extraChargeUsdCents: charge,
      abandonOn,
      flaggedBy: staffId,
    })
    .returning();
  await notifyUser(
    tx,
    pkg.userId,
    {
      title: M.flaggedTitle,
      message: M.flaggedMessage(pkg.label, PROBLEM_REASON_LABELS[input.reason], input.note, formatDate(abandonOn)),
      type: 'package',
      link: CUSTOMER_LINK,
    },
    { kind: 'status_changed', email: 'default', appUrl: options.appUrl, dedupeKey: `problem:${problem.id}:flagged` },
  );
  return { problem, message: M.flagged(pkg.label) };
}

/**
 * The customer's decision, once. Another customer's parcel, or one with no problem, is a missing
 * one; a choice the flag does not give, a second decision or a decision after abandonment is
 * refused with nothing changed. The problem's row is locked, so two taps (or the abandonment job
 * running at the same moment) decide once.
 */
export async function chooseProblem(
  db: Db,
  userId: string,
  input: z.output<typeof problemChooseInput>,
  options: { now?: Date } = {},
) {
  return db.transaction(async (tx) => {
    const [problem] = await tx
      .select({
        id: packageProblems.id,
        reason: packageProblems.reason,
        choice: packageProblems.choice,
        resolvedAt: packageProblems.resolvedAt,
        abandonedAt: packageProblems.abandonedAt,
        extraChargeUsdCents: packageProblems.extraChargeUsdCents,
        label: packageLabel,
      })
      .from(packageProblems)
      .innerJoin(packages, eq(packages.id, packageProblems.packageId))
      .where(
        and(
          eq(packageProblems.packageId, input.packageId),
          eq(packageProblems.userId, userId),
          eq(packages.userId, userId),
        ),
      )
      .orderBy(desc(packageProblems.createdAt))
      .limit(1)
      .for('update', { of: packageProblems });
    if (!problem) throw new DomainError('NOT_FOUND', M.notFound);
    if (problem.abandonedAt) throw new DomainError('CONFLICT', M.abandonedAlready);
    if (problem.choice || problem.resolvedAt) throw new DomainError('CONFLICT', M.alreadyDecided);
    if (!PROBLEM_CHOICES_BY_REASON[problem.reason].includes(input.choice))
      throw new DomainError(
        'BAD_INPUT',
        M.choiceNotAllowed(PROBLEM_CHOICE_LABELS[input.choice], PROBLEM_REASON_LABELS[problem.reason]),
      );

    const now = options.now ?? new Date();
    let invoiceId: string | null = null;
    if (input.choice === 'return_to_seller') {
      const { returnFeeUsdCents } = await getProblemSettings(tx);
      if (returnFeeUsdCents > 0) {
        const invoice = await issueInvoice(tx, {
          userId,
          concept: 'shipping_payment',
          description: M.invoiceDescription(problem.label),
          lines: [{ description: M.returnLine(problem.label), usdCents: returnFeeUsdCents }],
          now,
        });
        invoiceId = invoice.id;
      }
    }
    if (input.choice === 'pay_and_continue') {
      // The flag's schema makes staff set the charge on every flag that allows continuing.
      if (!problem.extraChargeUsdCents)
        throw new DomainError(
          'BAD_INPUT',
          M.choiceNotAllowed(PROBLEM_CHOICE_LABELS[input.choice], PROBLEM_REASON_LABELS[problem.reason]),
        );
      const invoice = await issueInvoice(tx, {
        userId,
        concept: 'shipping_payment',
        description: M.invoiceDescription(problem.label),
        lines: [
          {
            description: M.chargeLine(PROBLEM_REASON_LABELS[problem.reason], problem.label),
            usdCents: problem.extraChargeUsdCents,
          },
        ],
        now,
      });
      invoiceId = invoice.id;
    }
    await tx
      .update(packageProblems)
      .set({
        choice: input.choice,
        decidedAt: now,
        invoiceId,
        // Paying the charge releases the parcel at once; a return or a disposal waits for the warehouse.
        resolvedAt: input.choice === 'pay_and_continue' ? now : null,
      })
      .where(eq(packageProblems.id, problem.id));
    return { message: M.decided[input.choice] };
  });
}

/**
 * Staff finish what the customer chose: the parcel went back to the seller, or was disposed of.
 * The customer is told once, on their channels for status changes (the dedupe key is the problem's).
 */
export async function completeProblem(
  tx: DbOrTx,
  staffId: string,
  packageId: string,
  options: { appUrl?: string } = {},
) {
  const [problem] = await tx
    .select({
      id: packageProblems.id,
      userId: packageProblems.userId,
      choice: packageProblems.choice,
      label: packageLabel,
    })
    .from(packageProblems)
    .innerJoin(packages, eq(packages.id, packageProblems.packageId))
    .where(and(eq(packageProblems.packageId, packageId), isNull(packageProblems.resolvedAt)))
    .for('update');
  if (!problem || (problem.choice !== 'return_to_seller' && problem.choice !== 'dispose'))
    throw new DomainError('CONFLICT', M.notAwaitingStaff);
  const status = problem.choice === 'return_to_seller' ? 'returned_to_seller' : 'disposed';
  const now = new Date();
  await tx
    .update(packageProblems)
    .set({ completedAt: now, completedBy: staffId, resolvedAt: now })
    .where(eq(packageProblems.id, problem.id));
  await tx.update(packages).set({ status }).where(eq(packages.id, packageId));
  const notice = M.completedNotice[problem.choice];
  await notifyUser(
    tx,
    problem.userId,
    { title: notice.title, message: notice.message(problem.label), type: 'package', link: CUSTOMER_LINK },
    { kind: 'status_changed', email: 'default', appUrl: options.appUrl, dedupeKey: `problem:${problem.id}:completed` },
  );
  return { message: M.completed(problem.label, PACKAGE_STATUS_LABELS[status]) };
}

type Due = { id: string; user_id: string; package_id: string; abandon_on: string; label: string };

/**
 * The daily abandonment run for the business day `today`. Each step claims its rows with a
 * conditional update (a notice already sent, a parcel already abandoned or decided is left out),
 * so two runs at the same time, or a retry, notify each customer once: the second waits for the
 * first's row locks and then finds nothing left to claim. The notification's dedupe key is the
 * second guard. The 5-day notice catches up (a parcel first seen 3 days before says 3 days).
 */
export async function runProblemAbandonment(tx: DbOrTx, options: { today?: string; appUrl?: string } = {}) {
  const today = options.today ?? businessToday();
  const soon = rowsOf<Due & { days_left: number }>(
    await tx.execute(sql`
      with claimed as (
        update ${packageProblems} set abandon_soon_notified_at = now()
        where resolved_at is null and choice is null and abandon_soon_notified_at is null
          and abandon_on > ${today}::date and abandon_on <= ${today}::date + ${PROBLEM_NOTICE_DAYS_BEFORE}::int
        returning id, user_id, package_id, abandon_on
      )
      select c.id, c.user_id, c.package_id, c.abandon_on::text as abandon_on, (c.abandon_on - ${today}::date) as days_left,
             coalesce(p.warehouse_receipt, p.tracking_number, p.package_description) as label
      from claimed c join ${packages} p on p.id = c.package_id
      order by c.user_id, c.id`),
  );
  for (const r of soon)
    await notifyUser(
      tx,
      r.user_id,
      {
        title: M.soonTitle,
        message: M.soonMessage(r.label, Number(r.days_left), formatDate(r.abandon_on)),
        type: 'package',
        link: CUSTOMER_LINK,
      },
      {
        kind: 'reminders',
        email: 'default',
        whatsapp: 'default',
        appUrl: options.appUrl,
        dedupeKey: `problem:${r.id}:abandon_soon`,
      },
    );

  const abandoned = rowsOf<Due>(
    await tx.execute(sql`
      with claimed as (
        update ${packageProblems} set abandoned_at = now(), resolved_at = now()
        where resolved_at is null and choice is null and abandon_on <= ${today}::date
        returning id, user_id, package_id, abandon_on
      ), moved as (
        update ${packages} p set status = 'abandoned' from claimed c where p.id = c.package_id
        returning p.id, coalesce(p.warehouse_receipt, p.tracking_number, p.package_description) as label
      )
      select c.id, c.user_id, c.package_id, c.abandon_on::text as abandon_on, m.label
      from claimed c join moved m on m.id = c.package_id
      order by c.user_id, c.id`),
  );
  for (const r of abandoned)
    await notifyUser(
      tx,
      r.user_id,
      { title: M.abandonedTitle, message: M.abandonedMessage(r.label), type: 'package', link: CUSTOMER_LINK },
      {
        kind: 'reminders',
        email: 'default',
        whatsapp: 'default',
        appUrl: options.appUrl,
        dedupeKey: `problem:${r.id}:abandoned`,
      },
    );
  return { notices: soon.length, abandoned: abandoned.length };
}
