// The manifest's dry run (POST /api/imports/preview, apart from tRPC: see the server's route), the
// import (POST /api/imports/apply, the procedure parcelImports.applyFile), both with the upload's
// and the server's progress (lib/files.ts postWithProgress), and
// reading the chosen file as UTF-8, with or without its BOM; a file in another encoding (Excel's
// "CSV" on Windows is Windows-1252) is refused here with a Spanish message instead of being
// imported with broken accents.
import {
  IMPORT_MESSAGES as M,
  PARCEL_IMPORT_APPLY_PATH,
  PARCEL_IMPORT_PREVIEW_PATH,
  type ImportPreview,
  type ImportResult,
  type ParcelImportInput,
} from '@casillero/shared';
import { postWithProgress, type UploadOptions } from '../../../../lib/files';

export class ImportFileError extends Error {}

/** The file's text; throws ImportFileError when it is not UTF-8. */
export async function readCsvFile(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError(M.notUtf8);
  }
}

/**
 * The dry run of a file, its upload and the server's check reported to `options` as they go;
 * throws UploadError with the server's text when it is refused (UploadCancelled when cancelled).
 */
export function fetchPreview(input: ParcelImportInput, options: UploadOptions): Promise<ImportPreview> {
  return postWithProgress<ImportPreview>(PARCEL_IMPORT_PREVIEW_PATH, input, M.readFailed, options);
}

/** The import of a checked file (the server checks it again first), reported as the dry run is. */
export function postImport(input: ParcelImportInput, options: UploadOptions): Promise<ImportResult> {
  return postWithProgress<ImportResult>(PARCEL_IMPORT_APPLY_PATH, input, M.applyFailed, options);
}
