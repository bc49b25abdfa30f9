// The storage clock's changes: the settings (free days; the fee per day is the price list's), the
// reminders before the free period ends, and the fee frozen into the shipment that takes the
// parcel out. Its reads (the settings, a parcel's clock) are queries/storage.ts.
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  STORAGE_CLOCK_STATUSES,
  STORAGE_MESSAGES as M,
  STORAGE_REMINDER_DAYS_BEFORE,
  storageClock,
  type StorageReminderKind,
  type PriceList,
  type StorageSettings,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../db/client';
import { packages } from '../db/schema';
import { BUSINESS_TZ_SQL, businessToday } from '../lib/business-clock';
import { STORAGE_SETTINGS_KEY, getStorageSettings, receivedDay, storageEndingSoon } from '../queries/storage';
import { DomainError } from '../lib/domain-error';
import { writeAuditEntry } from '../audit/audit-context';
import { saveAuditedSetting } from '../audit/app-settings';
import { notifyUser } from './notify';

/** The admin's change, locked and audited (audit/app-settings.ts). */
export async function setStorageSettings(tx: DbOrTx, next: { freeDays: number }): Promise<StorageSettings> {
  const before = await getStorageSettings(tx);
  // The free days only: the fee per day is the price list's (docs/product/price-lists.md).
  const after = { freeDays: next.freeDays };
  await saveAuditedSetting(tx, STORAGE_SETTINGS_KEY, after, async () => ({ freeDays: before.freeDays }));
  return { ...after, feePerDayUsdCents: before.feePerDayUsdCents };
}

/**
 * The storage fee the given packages have accrued today, USD cents, for the shipment that takes
 * them out: computed once, in the transaction that moves them, so it is frozen in the shipment's cost.
 */
export async function accruedStorageFee(tx: DbOrTx, packageIds: string[], today = businessToday(), prices?: PriceList) {
  if (packageIds.length === 0)
    return { feeUsdCents: 0, perPackage: [] as { id: string; daysOver: number; feeUsdCents: number }[] };
  const settings = await getStorageSettings(tx, prices);
  // Not filtered by status: the caller may already have moved them out of the warehouse.
  const rows = await tx
    .select({ id: packages.id, receivedDate: packages.receivedDate })
    .from(packages)
    .where(and(inArray(packages.id, packageIds), isNotNull(packages.receivedDate)));
  const perPackage = rows.flatMap((p) => {
    const clock = storageClock(receivedDay(p.receivedDate!), today, settings);
    return clock.feeUsdCents > 0 ? [{ id: p.id, daysOver: clock.daysOver, feeUsdCents: clock.feeUsdCents }] : [];
  });
  const feeUsdCents = perPackage.reduce((sum, p) => sum + p.feeUsdCents, 0);
  return { feeUsdCents, perPackage };
}

type DueReminder = {
  package_id: string;
  user_id: string;
  kind: StorageReminderKind;
  days_left: number;
  label: string;
};

type StorageReminder = {
  userId: string;
  label: string;
  daysLeft: number;
  freeUntil: string;
  feePerDayUsdCents: number;
};

/** The reminder's words: the last free day is today, or a few days are left. */
function storageReminderText({ label, daysLeft, freeUntil, feePerDayUsdCents }: Omit<StorageReminder, 'userId'>) {
  return daysLeft === 0
    ? { title: M.reminderTodayTitle, message: M.reminderToday(label, feePerDayUsdCents) }
    : { title: M.reminderSoonTitle, message: M.reminderSoon(label, daysLeft, freeUntil, feePerDayUsdCents) };
}

/** Tells the customer on their channels for reminders; the notification's id, or null when `dedupeKey` was told already. */
function remindStorage(tx: DbOrTx, reminder: StorageReminder, appUrl: string | undefined, dedupeKey: string) {
  return notifyUser(
    tx,
    reminder.userId,
    { ...storageReminderText(reminder), type: 'package', link: '/dashboard/almacen' },
    { kind: 'reminders', email: 'default', whatsapp: 'default', appUrl, dedupeKey },
  );
}

/**
 * The reminders of the business day `today`: a parcel whose free period ends within
 * STORAGE_REMINDER_DAYS_BEFORE days gets 'ending_soon' (once), one whose last free day is today
 * gets 'ends_today' (once). The primary key of storage_reminders says which are new (the insert
 * returns only those), and only those are told; the notification's dedupe key is the second
 * guard. Run it in a transaction: the reminders and their messages commit together or not at all.
 * 'ending_soon' catches up (a parcel first seen 3 days before the end still gets it, saying 3
 * days); 'ends_today' does not: told a day late, it would be wrong.
 */
export async function sendStorageReminders(tx: DbOrTx, options: { today?: string; appUrl?: string } = {}) {
  const today = options.today ?? businessToday();
  const { freeDays, feePerDayUsdCents } = await getStorageSettings(tx);
  const statuses = sql.join(
    STORAGE_CLOCK_STATUSES.map((s) => sql`${s}::package_status`),
    sql`, `,
  );
  const due = rowsOf<DueReminder>(
    await tx.execute(sql`
      with due as (
        select p.id, p.user_id, coalesce(p.warehouse_receipt, p.tracking_number, p.package_description) as label,
               ((p.received_date at time zone ${BUSINESS_TZ_SQL})::date + ${freeDays}::int) - ${today}::date as days_left
        from ${packages} p
        where p.status in (${statuses}) and p.received_date is not null
          and (p.received_date at time zone ${BUSINESS_TZ_SQL})::date
              between ${today}::date - ${freeDays}::int and ${today}::date - ${freeDays}::int + ${STORAGE_REMINDER_DAYS_BEFORE}::int
      ), inserted as (
        insert into storage_reminders (package_id, kind)
        select id, case when days_left = 0 then 'ends_today' else 'ending_soon' end from due
        on conflict do nothing
        returning package_id, kind
      )
      select i.package_id, d.user_id, i.kind, d.days_left, d.label
      from inserted i join due d on d.id = i.package_id
      order by d.user_id, i.package_id`),
  );
  let notified = 0;
  for (const r of due) {
    const freeUntil = storageClock(today, today, { freeDays: Number(r.days_left), feePerDayUsdCents }).freeUntil;
    const id = await remindStorage(
      tx,
      { userId: r.user_id, label: r.label, daysLeft: Number(r.days_left), freeUntil, feePerDayUsdCents },
      options.appUrl,
      `storage:${r.package_id}:${r.kind}`,
    );
    if (id) notified++;
  }
  return { reminders: due.length, notified };
}

/**
 * Staff's "Enviar recordatorio ahora": the parcel's storage reminder, now, on the customer's
 * channels for reminders, with the days it has left. At most one a day per parcel (the
 * notification's dedupe key holds the day), so a double tap does not tell the customer twice.
 */
export async function remindStorageNow(
  tx: DbOrTx,
  packageId: string,
  options: { today?: string; appUrl?: string } = {},
): Promise<{ customerName: string }> {
  const today = options.today ?? businessToday();
  const { feePerDayUsdCents } = await getStorageSettings(tx);
  const [row] = await storageEndingSoon(tx, today, packageId);
  if (!row) throw new DomainError('BAD_INPUT', M.notOnShelf);
  const id = await remindStorage(
    tx,
    { ...row, feePerDayUsdCents },
    options.appUrl,
    `storage:${packageId}:staff:${today}`,
  );
  if (!id) throw new DomainError('CONFLICT', M.reminderAlreadyToday);
  // Notifications have no audit trigger (the daily job writes thousands); this one is staff's act.
  await writeAuditEntry(tx, {
    entity: 'notifications',
    entityId: id,
    operation: 'insert',
    before: null,
    after: {
      user_id: row.userId,
      package_id: packageId,
      title: storageReminderText({ ...row, feePerDayUsdCents }).title,
    },
  });
  return { customerName: row.customerName };
}
