// The progress of a file the server checks and then applies (the manifest import, the bank
// statement): while it works, its answer streams one JSON object a line (NDJSON), each line a
// progress report, and the last one the result or the error. The same request carries them, so
// whichever replica took the file reports on it (docs/product/warehouse-intake.md#manifest-import).
import { groupThousands } from './format';

/** Checking the rows (read, looked up) or applying them (stored). */
export type WorkPhase = 'checking' | 'applying';

/** How far the server got: rows done of the file's total in the phase it is in. */
export type WorkProgress = { phase: WorkPhase; done: number; total: number };

/**
 * Told how far the work got, between batches (never per row); awaited, so that a streamed answer's
 * line leaves before the next batch starts.
 */
export type ReportProgress = (progress: WorkProgress) => void | Promise<void>;

/** One line of a streamed answer. */
export type ProgressLine<T> = { progress: WorkProgress } | { result: T } | { error: string };

/** The content type of a streamed answer (one JSON object a line). */
export const PROGRESS_CONTENT_TYPE = 'application/x-ndjson';

/** The manifest import's streamed route (the same audited procedure as parcelImports.applyFile). */
export const PARCEL_IMPORT_APPLY_PATH = '/api/imports/apply';
/** The bank statement's streamed upload (the same audited procedure as reconciliation.upload). */
export const STATEMENT_UPLOAD_PATH = '/api/reconciliation/statements';

export const PROGRESS_MESSAGES = {
  checking: (done: number, total: number) => `Comprobando filas… ${groupThousands(done)} de ${groupThousands(total)}`,
  applying: (done: number, total: number) => `Aplicando… ${groupThousands(done)} de ${groupThousands(total)}`,
} as const;

/** What the person reads for a progress report ("Aplicando… 3.000 de 5.000"). */
export const progressText = (p: WorkProgress) => PROGRESS_MESSAGES[p.phase](p.done, p.total);
