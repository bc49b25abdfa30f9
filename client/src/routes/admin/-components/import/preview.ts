// The manifest's dry run (POST /api/imports/preview, apart from tRPC: see the server's route) and
// reading the chosen file as UTF-8, with or without its BOM; a file in another encoding (Excel's
// "CSV" on Windows is Windows-1252) is refused here with a Spanish message instead of being
// imported with broken accents.
import {
  AUTH_MESSAGES,
  GENERIC_MESSAGES,
  IMPORT_MESSAGES as M,
  PARCEL_IMPORT_PREVIEW_PATH,
  type ImportPreview,
  type ParcelImportInput,
} from '@casillero/shared';

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

/** The dry run of a file; throws ImportFileError with the server's text when it is refused. */
export async function fetchPreview(input: ParcelImportInput): Promise<ImportPreview> {
  let response: Response;
  try {
    response = await fetch(PARCEL_IMPORT_PREVIEW_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
      credentials: 'include',
    });
  } catch {
    throw new ImportFileError(AUTH_MESSAGES.connectionError);
  }
  const answer = (await response.json().catch(() => null)) as (ImportPreview & { error?: string }) | null;
  if (!response.ok || !answer?.summary) {
    throw new ImportFileError(answer?.error ?? (response.status >= 500 ? GENERIC_MESSAGES.internal : M.readFailed));
  }
  return answer;
}
