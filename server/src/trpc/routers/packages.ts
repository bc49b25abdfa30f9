import {
  declaredValueConfirmInput,
  idInput,
  myPackagesInput,
  PACKAGE_MESSAGES,
  packageCreateInput,
  packageCustomerIdInput,
  packageCustomerPickerInput,
  packageFilters,
  packageIntakeInput,
  packageListInput,
  packageStatusInput,
  packageUpdateInput,
  packageByReceiptInput,
  WAREHOUSE_MESSAGES,
} from '@casillero/shared';
import { eq } from 'drizzle-orm';
import { packages } from '../../db/schema';
import { packagePhotoLinks, photosOfPackage } from '../../queries/package-photos';
import { getOwnPackageStats, listOwnPackages } from '../../queries/client-packages';
import {
  countPackages,
  getPackageDetail,
  listCustomerChoices,
  listCustomerMailboxes,
  listPackages,
} from '../../queries/packages';
import { staffCarrierLeg } from '../../queries/carrier-leg';
import {
  changePackageStatus,
  createPackage,
  deletePackage,
  receivePackage,
  updatePackage,
} from '../../services/packages';
import { listMissingDeclaredValue } from '../../queries/declared-value';
import { listTravelBlocked, packageTravelFlags } from '../../queries/travel-rules';
import { confirmDeclaredValue } from '../../services/declared-value';
import { auditedUserProcedure, staffProcedure, protectedProcedure, router } from '../init';
import { foundOr } from '../../lib/found';

export const packagesRouter = router({
  /** Almacén: the customer's own packages (searched and filtered) and the stat cards over all of them. */
  mine: protectedProcedure.input(myPackagesInput).query(async ({ ctx, input }) => {
    const [items, stats] = await Promise.all([
      listOwnPackages(ctx.db, ctx.user.id, input),
      getOwnPackageStats(ctx.db, ctx.user.id),
    ]);
    // The photos taken at the door, as signed links, of the customer's own packages only.
    const photos = await packagePhotoLinks(
      ctx.db,
      ctx.config,
      items.map((p) => p.id),
      ctx.user.id,
    );
    return { items: items.map((p) => ({ ...p, photos: photos.get(p.id) ?? [] })), stats };
  }),

  /** Acción requerida: the customer's parcels in the warehouse still without a declared value. */
  missingDeclaredValue: protectedProcedure.query(({ ctx }) => listMissingDeclaredValue(ctx.db, ctx.user.id)),

  /** Acción requerida: the customer's parcels the travel rules let travel by no mode (docs/product/travel-rules.md). */
  travelBlocked: protectedProcedure.query(({ ctx }) => listTravelBlocked(ctx.db, ctx.user.id)),

  /** The customer confirms the declared value of their own parcel (audited as them). */
  confirmDeclaredValue: auditedUserProcedure
    .input(declaredValueConfirmInput)
    .mutation(({ ctx, input }) => confirmDeclaredValue(ctx.db, ctx.user.id, input)),

  // --- Admin: Gestión de Paquetes (docs/product/admin-packages-and-shipments.md) ---------------------------------------
  list: staffProcedure('packages.read')
    .input(packageListInput)
    .query(({ ctx, input }) => listPackages(ctx.db, input)),

  count: staffProcedure('packages.read')
    .input(packageFilters)
    .query(({ ctx, input }) => countPackages(ctx.db, input)),

  detail: staffProcedure('packages.read')
    .input(idInput)
    .query(async ({ ctx, input }) => {
      const detail = foundOr(await getPackageDetail(ctx.db, input.id), PACKAGE_MESSAGES.notFound);
      return {
        ...detail,
        photos: await photosOfPackage(ctx.db, ctx.config, detail.id),
        // The travel rules' flags, the same the customer sees (docs/product/travel-rules.md).
        travelFlags: await packageTravelFlags(ctx.db, detail.id),
        // The carrier's leg before it reached us (docs/product/first-mile.md).
        carrierLeg: await staffCarrierLeg(ctx.db, detail.trackingNumber),
      };
    }),

  /** A WR number scanned or typed into the list's search: the package to open (docs/decisions/019-warehouse-intake.md). */
  byWarehouseReceipt: staffProcedure('packages.read')
    .input(packageByReceiptInput)
    .query(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .select({ id: packages.id, warehouseReceipt: packages.warehouseReceipt })
        .from(packages)
        .where(eq(packages.warehouseReceipt, input.warehouseReceipt));
      return foundOr(row ?? null, WAREHOUSE_MESSAGES.receiptNotFound(input.warehouseReceipt));
    }),

  /** The forms' customer picker (packages and shipments). */
  customers: staffProcedure('packages.read')
    .input(packageCustomerPickerInput)
    .query(({ ctx, input }) => listCustomerChoices(ctx.db, input)),

  /** The chosen customer's mailboxes: the only choices of the package form. */
  customerMailboxes: staffProcedure('packages.read')
    .input(packageCustomerIdInput)
    .query(({ ctx, input }) => listCustomerMailboxes(ctx.db, input.userId)),

  create: staffProcedure('packages.write')
    .input(packageCreateInput)
    .mutation(({ ctx, input }) => createPackage(ctx.db, ctx.config, input)),

  update: staffProcedure('packages.write')
    .input(packageUpdateInput)
    .mutation(({ ctx, input }) => updatePackage(ctx.db, input)),

  updateStatus: staffProcedure('packages.write')
    .input(packageStatusInput)
    .mutation(({ ctx, input }) => changePackageStatus(ctx.db, ctx.config, input)),

  receive: staffProcedure('packages.write')
    .input(packageIntakeInput)
    .mutation(({ ctx, input }) => receivePackage(ctx.db, ctx.config, input)),

  delete: staffProcedure('packages.write')
    .input(idInput)
    .mutation(({ ctx, input }) => deletePackage(ctx.db, input.id)),
});
