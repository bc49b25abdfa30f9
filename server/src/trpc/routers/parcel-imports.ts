// The manifest import (/admin/importar, docs/product/warehouse-intake.md#manifest-import). How the file travels: as text inside the
// JSON body of a POST. A 10,000-row manifest is about 1 MB, well under the server's 8 MB body
// limit (server.ts), and the input schema caps it at 5 MB with a Spanish message, so no limit is
// raised. The dry run is the same input on a plain POST route (http/parcel-import.ts), not a
// procedure here: it changes nothing, so it cannot be a staff mutation (each one is an audited
// change and must leave its entry), and a tRPC query travels as a GET whose URL cannot hold
// a megabyte (the tRPC route answers queries only as GET).
import { parcelImportInput } from '@casillero/shared';
import { applyImport } from '../../services/parcel-import/apply';
import { router, staffProcedure } from '../init';

export const parcelImportsRouter = router({
  /**
   * Re-reads and re-checks the file, refuses it whole when any row has an error, and receives
   * the rest in this mutation's one audited transaction. The page calls it through
   * PARCEL_IMPORT_APPLY_PATH (http/progress-stream.ts), which streams the progress it reports.
   */
  // Not `apply`: tRPC reserves the name (a procedure proxy is a function).
  applyFile: staffProcedure('packages.write')
    .input(parcelImportInput)
    .mutation(({ ctx, input }) => applyImport(ctx.db, input, { userId: ctx.user.id }, ctx.config, ctx.progress)),
});
