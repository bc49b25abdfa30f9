// "Entregado pero no recibido" (docs/product/first-mile.md#delivered-but-not-received): the
// warehouse's searches at /admin/busquedas (list, counts, mark found, note), their settings (the
// administrator's), the first mile's dashboard card, and the customer's own searches with the
// claim she opens from a "not found" one.
import {
  PARCEL_SEARCH_MESSAGES,
  parcelSearchFoundInput,
  parcelSearchIdInput,
  parcelSearchListInput,
  parcelSearchNoteInput,
  parcelSearchSettingsInput,
} from '@casillero/shared';
import { firstMileDashboard } from '../../queries/first-mile-dashboard';
import { listMyParcelSearches, listParcelSearches, parcelSearchStats } from '../../queries/parcel-searches';
import {
  addSearchNote,
  getParcelSearchSettings,
  markSearchFound,
  openClaimFromSearch,
  setParcelSearchSettings,
} from '../../services/parcel-searches';
import { auditedUserProcedure, protectedProcedure, router, staffProcedure } from '../init';

const staffOf = (user: { id: string; fullName: string; email: string }) => ({
  id: user.id,
  name: user.fullName || user.email,
});

export const parcelSearchesRouter = router({
  list: staffProcedure('searches.manage')
    .input(parcelSearchListInput)
    .query(({ ctx, input }) => listParcelSearches(ctx.db, input.status)),

  stats: staffProcedure('searches.manage').query(({ ctx }) => parcelSearchStats(ctx.db)),

  /** Found under a WR the warehouse scans or types (the parcel came under another number). */
  markFound: staffProcedure('searches.manage')
    .input(parcelSearchFoundInput)
    .mutation(({ ctx, input }) => markSearchFound(ctx.db, staffOf(ctx.user), input, { appUrl: ctx.config.appUrl })),

  addNote: staffProcedure('searches.manage')
    .input(parcelSearchNoteInput)
    .mutation(({ ctx, input }) => addSearchNote(ctx.db, staffOf(ctx.user), input)),

  settings: staffProcedure('searches.settings').query(({ ctx }) => getParcelSearchSettings(ctx.db)),

  updateSettings: staffProcedure('searches.settings')
    .input(parcelSearchSettingsInput)
    .mutation(async ({ ctx, input }) => ({
      settings: await setParcelSearchSettings(ctx.db, input),
      message: PARCEL_SEARCH_MESSAGES.settingsSaved,
    })),

  /** The administrator's dashboard card: hours from "delivered" to our WR per carrier, open searches. */
  dashboard: staffProcedure('searches.settings').query(({ ctx }) => firstMileDashboard(ctx.db)),

  /** The signed-in customer's own searches. */
  mine: protectedProcedure.query(({ ctx }) => listMyParcelSearches(ctx.db, ctx.user.id)),

  /** One tap: her "not found" search becomes a 'not_in_mailbox' claim with the carrier's evidence. */
  openClaim: auditedUserProcedure
    .input(parcelSearchIdInput)
    .mutation(({ ctx, input }) => openClaimFromSearch(ctx.db, ctx.user.id, input.id, { appUrl: ctx.config.appUrl })),
});
