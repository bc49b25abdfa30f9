// The manifest import (/admin/importar): what the page sends (the file's name and its text) and
// what the dry run and the import answer. The dry run and the import take the same input; the
// import re-reads and re-checks the file itself and never trusts a dry run's answer.
import { z } from '../zod-es';
import { IMPORT_MAX_CHARS, IMPORT_MESSAGES as M } from '../import/messages';

export const parcelImportInput = z.object({
  fileName: z.string().trim().min(1, M.fileNameRequired).max(255),
  /** The file decoded as UTF-8 (the page refuses a file that is not). */
  csv: z.string().min(1, M.fileEmpty).max(IMPORT_MAX_CHARS, M.fileTooLarge),
  /** Import the rows without errors and give the others back as a file to correct. */
  skipErrors: z.boolean().optional(),
});
export type ParcelImportInput = z.infer<typeof parcelImportInput>;

/** How the first line's headers were understood. */
export const IMPORT_FIELDS = [
  'tracking',
  'carrier',
  'mailboxCode',
  'description',
  'weight',
  'dimensions',
  'length',
  'width',
  'height',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** One error of the file, where a spreadsheet shows it: the file line (1 = headers) and the column's header. */
export type ImportError = { line: number | null; column: string | null; message: string };

/** What a row will become. */
export type ImportRowAction =
  | {
      kind: 'receive';
      source: 'package' | 'prealert' | 'tracking' | 'mailbox';
      customerName: string;
      mailboxCode: string;
    }
  | { kind: 'unclaimed' }
  | { kind: 'alreadyReceived'; warehouseReceipt: string | null }
  | { kind: 'duplicate'; firstLine: number }
  | { kind: 'error' };

export type ImportPreviewRow = {
  line: number;
  trackingNumber: string;
  carrier: string | null;
  mailboxCode: string | null;
  description: string | null;
  weightKg: number | null;
  dimensionsCm: string | null;
  action: ImportRowAction;
};

export type ImportSummary = {
  receive: number;
  unclaimed: number;
  alreadyReceived: number;
  duplicates: number;
  errors: number;
};

export type ImportPreview = {
  fileName: string;
  delimiter: ',' | ';' | null;
  weightUnit: 'kg' | 'lb';
  /** The headers that were not recognised (their values are not read). */
  ignoredColumns: string[];
  rows: ImportPreviewRow[];
  errors: ImportError[];
  summary: ImportSummary;
  /** When the same file (same bytes) was imported before, the last time (ISO). */
  importedBefore: string | null;
};

export type ImportResult = {
  importId: string;
  received: number;
  unclaimed: number;
  /** Rows already received (before, or by a scan or another import meanwhile) and repeated rows. */
  skipped: number;
  customersNotified: number;
  /** Rows left out for their errors (skipErrors), and them as a CSV to correct and import again. */
  rejected: number;
  rejectedCsv: string | null;
};
