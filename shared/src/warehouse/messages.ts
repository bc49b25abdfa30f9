// The Spanish texts of the warehouse's photos and labels (docs/product/warehouse-intake.md): the photo
// upload at reception, the printable labels and the package photos customers and staff see.

/** Paths of the HTTP routes (apart from tRPC because they carry bytes). */
export const RECEPTION_PHOTOS_PATH = '/api/reception/photos';
export const LABELS_PATH = '/api/labels';

/**
 * A phone's camera picture may be large; it is resized on the server and the original is not
 * kept, so the limit is higher than for receipts.
 */
export const RECEPTION_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Photos per parcel at reception. */
export const RECEPTION_PHOTOS_MAX = 4;
/** Longest side of the two stored sizes, in pixels. */
export const PHOTO_SCREEN_SIZE_PX = 1600;
export const PHOTO_THUMB_SIZE_PX = 320;
/** What the WR is called wherever a person reads it (a field, a detail, a message). */
export const WAREHOUSE_RECEIPT_LABEL = 'Recibo de almacén (WR)';

/** Labels in one PDF at most. */
export const LABELS_MAX_PER_REQUEST = 200;

export const WAREHOUSE_MESSAGES = {
  // Photo upload
  photoNotAnImage: 'El archivo no es una foto válida. Usa una imagen JPEG, PNG o WebP.',
  photoTooLarge: `La foto supera el tamaño máximo de ${RECEPTION_PHOTO_MAX_BYTES / (1024 * 1024)} MB.`,
  photoUnreadable: 'No se pudo leer la imagen. Toma la foto de nuevo.',
  photoTooManyPixels: 'La imagen es demasiado grande. Usa una foto de menor resolución.',
  photoUploadFailed: 'No se pudo subir la foto. Intenta nuevamente.',
  photosMax: (max: number) => `Puedes adjuntar hasta ${max} fotos por paquete.`,
  photoAdd: 'Tomar foto',
  photoRemove: (n: number) => `Quitar foto ${n}`,
  photoUploading: 'Subiendo foto…',
  // Package photos
  photosTitle: 'Fotos del paquete',
  photoAlt: (n: number) => `Foto ${n} del paquete`,
  photoOpen: (n: number) => `Ver foto ${n} en tamaño completo`,
  noPhotos: 'Sin fotos',
  // Labels
  labelsNone: 'Indica al menos un paquete para imprimir su etiqueta.',
  labelsTooMany: `Puedes imprimir hasta ${LABELS_MAX_PER_REQUEST} etiquetas a la vez.`,
  labelsInvalidId: 'La lista de paquetes no es válida.',
  labelsNotFound: 'Alguno de los paquetes indicados no existe.',
  labelsNoReceipt:
    'Alguno de los paquetes aún no tiene número de WR: regístralo en el almacén antes de imprimir su etiqueta.',
  labelPrint: 'Imprimir etiqueta',
  labelsPrintSelected: (n: number) => (n === 1 ? 'Imprimir 1 etiqueta' : `Imprimir ${n} etiquetas`),
  labelUnclaimed: 'SIN DUEÑO',
  // Packages list: a WR scanned into the search
  receiptNotFound: (wr: string) => `No hay ningún paquete con el WR ${wr}.`,
} as const;
