// The demo data (docs/product/product-decisions.md#d2-no-silent-mock-authentication): a real admin and one person per other staff role, two real
// customers to sign in with and a few more customers, with trackings in every status,
// pre-alerts, warehouse packages, shipments and the departures that carry them, agency pickups,
// payments of every kind, facturas, a bank statement, claims, compras, repack requests, scheduled
// price and rule changes, API keys and notifications, so every screen has something to show.
// Dates are relative to now so the dashboards and the six-month reports stay full.
//
// Each part is built through the services the app itself uses (see context.ts); the parts run
// in order below, in one transaction that tells nobody: the services' notifications and the
// messages they queue are left out (lib/notifications-off.ts); notifications.ts writes the demo's own.
// It runs on every first start, so it is kept as fast as the rules allow: one password hash,
// no savepoint per step (context.ts), no message written only to be dropped
// (docs/decisions/027-demo-start-up-speed.md).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { FileStore } from '../files/file-store';
import { hashPassword } from '../auth/password';
import { silenceNotifications } from '../lib/notifications-off';
import { isUniqueViolation } from '../services/auth';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, createAgencyStaff, createCustomers, createStaff } from './accounts';
import { settleActivations } from './activations';
import { createDemoAlly, shipAllyParcel } from './allies';
import { settleBilling } from './billing';
import { createApiAccess } from './api-access';
import { createClaims } from './claims';
import { scheduleComingChanges } from './coming-changes';
import { createCompras, createMoreCompras } from './compras';
import { createContactMessages } from './contact';
import { createDepartures } from './departures';
import { followFirstMile } from './first-mile';
import { numberFiscalDocuments, switchOnFiscal } from './fiscal';
import { AlreadySeeded, asOneTransaction, type DemoConfig, type DemoContext } from './context';
import { receiveUnclaimed } from './intake';
import { createNotifications } from './notifications';
import { receivePackages } from './packages';
import { uploadBankStatement } from './reconciliation';
import { createPayments } from './payments';
import { createPrealerts } from './prealerts';
import { createEmailDraft } from './prealert-draft';
import { createRatesAndMethods } from './rates';
import { createRecipients } from './recipients';
import { createRepacks } from './repacks';
import { createShipments } from './shipments';
import { createTrackings } from './trackings';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts';
export { DEMO_ALLY } from './allies';

/** Where the links in the messages the services write point when the caller names no URL. */
const DEFAULT_CONFIG: DemoConfig = { appUrl: 'http://localhost:3000', adminNotifyEmails: [] };

async function buildDemo(ctx: DemoContext): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const staff = await createStaff(ctx, passwordHash);
  await createRatesAndMethods(ctx, staff);
  const cast = { staff, customers: await createCustomers(ctx, passwordHash) };
  await settleActivations(ctx, cast);
  const prealerts = await createPrealerts(ctx, cast);
  await createEmailDraft(ctx, cast);
  const trackings = await createTrackings(ctx, cast, prealerts);
  const packages = await receivePackages(ctx, cast, prealerts, trackings);
  await followFirstMile(ctx, cast, prealerts);
  await createRepacks(ctx, cast, packages);
  const recipients = await createRecipients(ctx, cast);
  const counterId = await createAgencyStaff(ctx, staff, passwordHash);
  const shipments = await createShipments(ctx, cast, packages, recipients);
  await createPayments(ctx, cast, trackings, shipments);
  await settleBilling(ctx, cast);
  await createCompras(ctx, cast);
  await createContactMessages(ctx);
  await receiveUnclaimed(ctx, cast);
  const ally = await createDemoAlly(ctx, cast, passwordHash);
  // From here on every amount due is a factura (or a nota de cobro).
  await switchOnFiscal(ctx, cast);
  const departures = await createDepartures(ctx, cast, packages, recipients, shipments, counterId);
  await shipAllyParcel(ctx, cast, ally);
  await createClaims(ctx, cast, packages, departures.deliveredShipmentId);
  await createMoreCompras(ctx, cast);
  await scheduleComingChanges(ctx, cast);
  await createApiAccess(ctx, cast, ally.loginId);
  await uploadBankStatement(ctx, cast);
  await numberFiscalDocuments(ctx);
  await createNotifications(ctx, cast, packages, trackings, shipments);
}

/**
 * Loads the demo once. If the demo admin already exists it changes nothing and answers
 * `{ seeded: false }`. Everything goes in one transaction; the receipt images are written
 * to the file store just before their stored_files rows, and removed again if it fails.
 */
export async function seedDemo(
  db: Db,
  options: { fileStore: FileStore; config?: DemoConfig },
): Promise<{ seeded: boolean }> {
  if (await demoAdminExists(db)) return { seeded: false };
  const { fileStore } = options;
  const written: string[] = [];
  try {
    await db.transaction(async (outer) => {
      const tx = asOneTransaction(outer);
      const ctx = {
        tx,
        db: tx as unknown as Db,
        now: new Date(),
        config: options.config ?? DEFAULT_CONFIG,
        fileStore,
        written,
      };
      await silenceNotifications(tx);
      await buildDemo(ctx);
    });
    return { seeded: true };
  } catch (error) {
    // Settled, not all: the seed's own error is the one to report.
    await Promise.allSettled(written.map((key) => fileStore.delete(key)));
    if (error instanceof AlreadySeeded) return { seeded: false };
    // Another process created the demo admin between our check and our insert.
    if (isUniqueViolation(error, 'users_email_lower_key') && (await demoAdminExists(db))) return { seeded: false };
    throw error;
  }
}

async function demoAdminExists(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_ACCOUNTS.admin.email}`)
    .limit(1);
  return rows.length > 0;
}
