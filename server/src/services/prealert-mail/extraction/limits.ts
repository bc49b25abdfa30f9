// What a file must stay under to be read: a PDF bomb or an absurd image fails here, with a
// reason, instead of taking the server's memory or time (docs/product/prealerts-from-email.md#lectura).

export const FILE_LIMITS = {
  /** A PDF invoice larger than this is not read. */
  pdfMaxBytes: 10 * 1024 * 1024,
  /** Pages read from a PDF (an invoice has one or two); the rest are ignored. */
  pdfMaxPages: 10,
  /** The PDF's reading in its worker thread: time and heap. */
  pdfTimeoutMs: 10_000,
  pdfMaxHeapMb: 256,
  /** Characters of text kept from a PDF or a photo. */
  maxTextChars: 200_000,
  /** A photo larger than this, or with more pixels (a decompression bomb), is not read. */
  imageMaxBytes: 15 * 1024 * 1024,
  imageMaxPixels: 40_000_000,
  /** The OCR of one photo in tesseract.js's worker thread, which is ended past it. */
  ocrTimeoutMs: 20_000,
} as const;

export type FileLimits = { readonly [K in keyof typeof FILE_LIMITS]: number };

/** Why a file was not read; `reason` says it in words for the log and the draft. */
export class FileNotReadError extends Error {
  constructor(
    readonly code: 'too-large' | 'not-a-pdf' | 'not-an-image' | 'timeout' | 'unreadable',
    message: string,
  ) {
    super(message);
    this.name = 'FileNotReadError';
  }
}
