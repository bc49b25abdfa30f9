// Uploaded files (receipts, invoices, package photos): which contents each kind accepts,
// recognised by their first bytes (never by the name or the declared type), and the texts.
import { z } from '../zod-es';
import { RECEIPT_CONTENT_TYPES, RECEIPT_MAX_BYTES } from '../constants';
import type { StoredFileKind } from '../enums';

export const FILE_MESSAGES = {
  missing: 'Selecciona un archivo para subir.',
  notAnImage: 'El archivo no es una imagen válida. Sube una imagen JPEG, PNG o WebP.',
  notAnImageOrPdf: 'El archivo no es válido. Sube una imagen JPEG, PNG o WebP, o un documento PDF.',
  tooLarge: `El archivo supera el tamaño máximo de ${RECEIPT_MAX_BYTES / (1024 * 1024)} MB.`,
  kindInvalid: 'Tipo de archivo no permitido.',
  ownerForbidden: 'No puedes subir archivos para otro usuario.',
  ownerNotFound: 'El cliente indicado no existe.',
  linkInvalid: 'El enlace del archivo no es válido o ya expiró.',
  uploadFailed: 'No se pudo subir el archivo. Intenta nuevamente.',
  imageUnreadable: 'La imagen está dañada o no se puede leer. Toma la foto o la captura de nuevo y súbela otra vez.',
  pdfMalformed:
    'El PDF está dañado o trae contenido que no es parte del documento. Descárgalo de nuevo o sube una captura de pantalla.',
  nameInvalid:
    'El nombre del archivo o un campo del formulario tiene caracteres no válidos. Cambia el nombre del archivo e intenta nuevamente.',
  tooManyParts: 'El formulario trae más campos o archivos de los que se aceptan: sube un solo archivo con sus datos.',
  cancelled: 'Cancelaste la subida. Lo que escribiste sigue aquí: elige el archivo de nuevo cuando quieras.',
  uploading: (percent: number) => `Subiendo… ${percent} %`,
  cancel: 'Cancelar subida',
} as const;

/**
 * A photo goes up at most this size on its long side, re-encoded as JPEG at this quality, its
 * EXIF orientation applied: a phone's 5 MB picture becomes some 400 KB, readable for a receipt.
 */
export const UPLOAD_IMAGE_MAX_SIDE = 2000;
export const UPLOAD_IMAGE_QUALITY = 0.85;
/** A smaller image is sent as picked unless it is larger than the long side above. */
export const UPLOAD_IMAGE_SHRINK_FROM_BYTES = 1024 * 1024;

export const PDF_CONTENT_TYPE = 'application/pdf';
export type StoredContentType = (typeof RECEIPT_CONTENT_TYPES)[number] | typeof PDF_CONTENT_TYPE;

/** The contents each kind of file accepts: images everywhere, PDF also for invoices. */
export function acceptedContentTypes(kind: StoredFileKind): readonly StoredContentType[] {
  return kind === 'invoice' || kind === 'desk_attachment'
    ? [...RECEIPT_CONTENT_TYPES, PDF_CONTENT_TYPE]
    : RECEIPT_CONTENT_TYPES;
}

/** The message for a file whose content the kind does not accept. */
export function wrongContentMessage(kind: StoredFileKind): string {
  return kind === 'invoice' || kind === 'desk_attachment' ? FILE_MESSAGES.notAnImageOrPdf : FILE_MESSAGES.notAnImage;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/**
 * The content type of a file from its first bytes (16 are enough): JPEG, PNG, WebP or PDF;
 * null for anything else.
 */
export function detectContentType(bytes: Uint8Array): StoredContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // "RIFF" <size> "WEBP"
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return PDF_CONTENT_TYPE; // "%PDF-"
  return null;
}

/** The problem with a file of this kind, or null when it may be uploaded. */
export function fileProblem(kind: StoredFileKind, head: Uint8Array, size: number): string | null {
  if (size === 0) return FILE_MESSAGES.missing;
  if (size > RECEIPT_MAX_BYTES) return FILE_MESSAGES.tooLarge;
  const type = detectContentType(head);
  if (!type || !acceptedContentTypes(kind).includes(type)) return wrongContentMessage(kind);
  return null;
}

export const fileLinkSchema = z.object({ id: z.uuid(FILE_MESSAGES.linkInvalid) });
export type FileLinkInput = z.infer<typeof fileLinkSchema>;

/** What the upload route answers. */
export type UploadedFile = { id: string; contentType: StoredContentType; sizeBytes: number };
