// The pickup reminder and its setting (docs/product/last-mile.md#agency-counters-and-proof-of-delivery):
// a shipment not collected after the setting's days gets a reminder a day.
import { eq, sql } from 'drizzle-orm';
import { PICKUP_DEFAULTS, PICKUP_MESSAGES as M, type PickupSettings } from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../../db/client';
import { agencies, appSettings, shipmentPickups, shipments } from '../../db/schema';
import { BUSINESS_TZ_SQL, businessToday } from '../../lib/business-clock';
import { saveAuditedSetting } from '../../audit/app-settings';
import { notifyUser } from '../notify';
import { CUSTOMER_LINK } from './scope';

export const PICKUP_SETTINGS_KEY = 'pickup';

export async function getPickupSettings(db: DbOrTx): Promise<PickupSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, PICKUP_SETTINGS_KEY));
  if (!row) return { ...PICKUP_DEFAULTS };
  try {
    const parsed = JSON.parse(row.value) as Partial<PickupSettings>;
    return {
      reminderDays: Number.isInteger(parsed.reminderDays) ? parsed.reminderDays! : PICKUP_DEFAULTS.reminderDays,
    };
  } catch {
    return { ...PICKUP_DEFAULTS };
  }
}

/** The administrator's change, locked and audited (audit/app-settings.ts). */
export async function setPickupSettings(tx: DbOrTx, next: PickupSettings): Promise<PickupSettings> {
  const after: PickupSettings = { reminderDays: next.reminderDays };
  await saveAuditedSetting(tx, PICKUP_SETTINGS_KEY, after, () => getPickupSettings(tx));
  return after;
}

type DueReminder = { id: string; user_id: string; shipment_code: string; agency: string; days: number };

/**
 * The daily reminder: every shipment ready for pickup for at least the setting's days gets one a
 * day (the notification's dedupe key holds the shipment and the day, so a rerun sends nothing).
 */
export async function sendPickupReminders(tx: DbOrTx, options: { today?: string; appUrl?: string } = {}) {
  const today = options.today ?? businessToday();
  const { reminderDays } = await getPickupSettings(tx);
  const due = rowsOf<DueReminder>(
    await tx.execute(sql`
      select s.id, s.user_id, s.shipment_code, a.name || ', ' || a.city as agency,
             (${today}::date - (sp.ready_at at time zone ${BUSINESS_TZ_SQL})::date) as days
      from ${shipmentPickups} sp
      join ${shipments} s on s.id = sp.shipment_id
      join ${agencies} a on a.id = s.agency_id
      where s.status = 'ready_for_pickup'
        and (sp.ready_at at time zone ${BUSINESS_TZ_SQL})::date <= ${today}::date - ${reminderDays}::int
      order by s.user_id, s.id`),
  );
  let notified = 0;
  for (const r of due) {
    const id = await notifyUser(
      tx,
      r.user_id,
      {
        title: M.reminderTitle,
        message: M.reminderMessage(r.shipment_code, r.agency, Number(r.days)),
        type: 'shipment',
        link: CUSTOMER_LINK,
      },
      {
        kind: 'reminders',
        email: 'default',
        whatsapp: 'default',
        appUrl: options.appUrl,
        dedupeKey: `pickup-reminder:${r.id}:${today}`,
      },
    );
    if (id) notified++;
  }
  return { reminders: due.length, notified };
}
