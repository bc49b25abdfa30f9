// The Spanish texts of the manifest import at /admin/importar (docs/product/warehouse-intake.md#manifest-import): what the dry
// run says each row will become, every error with its line and column, and the customer's one
// notification per import.
import { groupThousands } from '../format';

/** The dry run's HTTP route (apart from tRPC: a query cannot carry a 1 MB file; see the server's route). */
export const PARCEL_IMPORT_PREVIEW_PATH = '/api/imports/preview';

/** Rows in one file at most (the benchmark imports this many in under 10 s). */
export const IMPORT_MAX_ROWS = 10_000;
/** A 10,000-row manifest is about 1 MB; this leaves room for long descriptions. */
export const IMPORT_MAX_CHARS = 5_000_000;
export const IMPORT_MAX_WEIGHT_KG = 1000;
export const IMPORT_MAX_DIMENSION_CM = 1000;
/** Decimals a manifest's weight or side may carry (rounded to 2 once read, pounds converted). */
export const IMPORT_MAX_DECIMALS = 4;

const count = (n: number, one: string, many: string) => `${groupThousands(n)} ${n === 1 ? one : many}`;

export const IMPORT_MESSAGES = {
  // The page
  title: 'Importar manifiesto',
  intro:
    'Sube el manifiesto del transportista o una hoja de cálculo exportada como CSV. Primero verás qué pasará con cada fila; nada cambia hasta que pulses «Importar».',
  columnsHelp:
    'Columnas reconocidas (en la primera línea, en español o inglés): tracking / número de tracking / guía (obligatoria), peso / weight (obligatoria, en kg; «1,5» y «1.5» valen; si el encabezado dice «lb», se convierte a kg), transportista / carrier, casillero, descripción / description, dimensiones («30x20x15», en cm) o largo, ancho y alto. Separador «,» o «;».',
  fileLabel: 'Archivo CSV',
  filePlaceholder: 'Elige el archivo .csv',
  check: 'Revisar archivo',
  checking: 'Revisando…',
  apply: (n: number) => `Importar ${count(n, 'paquete', 'paquetes')}`,
  applying: 'Importando…',
  nothingToApply: 'No hay filas nuevas que importar.',
  fixAndRetry: 'Corrige los errores en el archivo y vuelve a subirlo: no se importará nada mientras haya errores.',
  applyGoodRows: (n: number) =>
    `Importar ${count(n, 'fila correcta', 'filas correctas')} y dejar aparte las que tienen errores`,
  orGoodRowsOnly:
    'O importa ahora las filas correctas: las que tienen errores quedan en un archivo para corregirlas e importarlas después.',
  rejectedTitle: (n: number) => `${count(n, 'fila quedó', 'filas quedaron')} sin importar por sus errores`,
  rejectedHelp: 'Descarga el archivo con esas filas y sus errores, corrígelas y vuelve a importarlo.',
  rejectedDownload: 'Descargar filas con errores',
  rejectedFileName: (fileName: string) => `${fileName.replace(/\.csv$/i, '')}-filas-con-errores.csv`,
  rejectedErrorsColumn: 'Errores',
  appliedTitle: 'Importación completada',
  applied: (received: number, unclaimed: number, skipped: number) =>
    `${count(received, 'paquete recibido', 'paquetes recibidos')}, ${count(unclaimed, 'sin dueño', 'sin dueño')}, ${count(skipped, 'fila omitida', 'filas omitidas')}.`,
  customersNotified: (n: number) => `${count(n, 'cliente notificado', 'clientes notificados')}.`,
  sameFileBefore: (date: string) => `Este mismo archivo ya se importó el ${date}: las filas ya recibidas se omitirán.`,
  readFailed: 'No se pudo revisar el archivo. Intenta nuevamente.',
  applyFailed: 'No se pudo importar el archivo. Intenta nuevamente.',
  uploadCancelled: 'Cancelaste la subida: no se revisó ni se importó nada. Elige el archivo de nuevo cuando quieras.',
  notUtf8: 'El archivo no está en UTF-8. En Excel, usa «Guardar como» → «CSV UTF-8 (delimitado por comas)».',
  // Summary
  summaryTitle: 'Resultado de la revisión',
  summaryReceive: 'Se recibirán',
  summaryUnclaimed: 'Sin dueño',
  summaryAlreadyReceived: 'Ya recibidos',
  summaryDuplicates: 'Repetidos en el archivo',
  summaryErrors: 'Filas con errores',
  delimiterComma: 'Separador: coma (,)',
  delimiterSemicolon: 'Separador: punto y coma (;)',
  weightUnitKg: 'Peso leído en kilogramos (kg).',
  weightUnitLb: 'Peso leído en libras (lb) y convertido a kilogramos.',
  ignoredColumns: (names: string) => `Columnas ignoradas: ${names}.`,
  errorsTitle: (n: number) => `${count(n, 'error', 'errores')} en el archivo`,
  errorsMore: (n: number) => `…y ${count(n, 'error más', 'errores más')}.`,
  rowsTitle: 'Filas',
  filterAll: 'Todas',
  filterErrors: 'Con errores',
  filterReceive: 'Se recibirán',
  filterUnclaimed: 'Sin dueño',
  filterSkipped: 'Omitidas',
  noRows: 'Ninguna fila con ese filtro.',
  colLine: 'Línea',
  colTracking: 'Tracking',
  colCarrier: 'Transportista',
  colWeight: 'Peso (kg)',
  colDimensions: 'Dimensiones (cm)',
  colAction: 'Qué pasará',
  // What happens to a row
  actionReceive: (customer: string, mailbox: string) => `Se recibirá para ${customer} (${mailbox})`,
  actionUnclaimed: 'Sin dueño',
  actionAlreadyReceived: (wr: string | null) => (wr ? `Ya recibido: ${wr}` : 'Ya recibido'),
  actionDuplicate: (line: number) => `Repetido en la línea ${line}`,
  actionError: 'Error: no se importará',
  // Errors (each shown as "Línea N, columna «X»: …")
  errorAt: (line: number | null, column: string | null, message: string) =>
    `${line === null ? 'Archivo' : `Línea ${line}`}${column ? `, columna «${column}»` : ''}: ${message}`,
  fileEmpty: 'El archivo está vacío.',
  fileTooLarge: 'El archivo es demasiado grande (máximo 5 MB).',
  fileNameRequired: 'Falta el nombre del archivo.',
  tooManyRows: (n: number) =>
    `El archivo tiene ${groupThousands(n)} filas; el máximo es ${groupThousands(IMPORT_MAX_ROWS)} por importación. Divídelo en varios archivos.`,
  noRowsInFile: 'El archivo no tiene filas de paquetes debajo de los encabezados.',
  missingTrackingColumn:
    'La primera línea debe tener los encabezados de las columnas; no se encontró la del número de tracking («tracking», «número de tracking» o «guía»).',
  missingWeightColumn: 'Falta la columna del peso («peso» o «weight», en kg).',
  duplicateColumn: (name: string) => `La columna «${name}» aparece dos veces.`,
  partialDimensionColumns: 'Para las dimensiones usa una columna «dimensiones» o las tres: «largo», «ancho» y «alto».',
  badQuotes: 'Hay comillas sin cerrar o mal colocadas.',
  unreadableLine: 'No se pudo leer esta línea del CSV.',
  invalidCharacter: 'Hay caracteres que no son UTF-8 (se ven como «�»). Guarda el archivo como «CSV UTF-8».',
  wrongFieldCount: (found: number, expected: number) => `La línea tiene ${found} campos y se esperaban ${expected}.`,
  trackingRequired: 'Falta el número de tracking.',
  trackingScientific:
    'La hoja de cálculo convirtió el número en notación científica (p. ej. 9,4E+21): da a la columna formato de texto y expórtala de nuevo.',
  weightRequired: 'Falta el peso.',
  weightNotNumber: (value: string) => `«${value}» no es un peso válido: escribe un número mayor que 0, p. ej. 1,5.`,
  weightNotPositive: 'El peso debe ser mayor que 0.',
  weightTooLarge: `El peso no puede exceder ${groupThousands(IMPORT_MAX_WEIGHT_KG)} kg.`,
  dimensionsInvalid: (value: string) =>
    `«${value}» no son dimensiones válidas: escribe largo x ancho x alto en cm, p. ej. 30x20x15.`,
  dimensionNotNumber: (value: string) => `«${value}» no es una medida válida: escribe un número mayor que 0, en cm.`,
  dimensionTooLarge: `Ninguna medida puede exceder ${groupThousands(IMPORT_MAX_DIMENSION_CM)} cm.`,
  dimensionsIncomplete: 'Faltan medidas: indica largo, ancho y alto, o ninguna.',
  mailboxUnknown: (code: string) => `No existe ningún casillero con el código «${code}».`,
  mailboxInactive: (code: string) => `El casillero «${code}» no está activo.`,
  carrierTooLong: 'El transportista no puede exceder 50 caracteres.',
  descriptionTooLong: 'La descripción no puede exceder 500 caracteres.',
  mailboxCodeTooLong: 'El código de casillero no puede exceder 50 caracteres.',
  // Apply refused
  hasErrors: (n: number) =>
    `El archivo tiene ${count(n, 'error', 'errores')}: no se importó nada. Corrígelos y vuelve a revisarlo.`,
  // The customer's notification
  notificationTitle: (n: number) => (n === 1 ? 'Recibimos tu paquete' : `Recibimos ${n} paquetes`),
  notification: (n: number, mailboxes: string, receipts: string, weightKg: string) =>
    n === 1
      ? `Recibimos 1 paquete en tu casillero ${mailboxes}: ${receipts}, ${weightKg} kg. Ya está en tu Almacén.`
      : `Recibimos ${n} paquetes en tu casillero ${mailboxes}: ${receipts} (${weightKg} kg en total). Ya están en tu Almacén.`,
  defaultDescription: (carrier: string | null) => (carrier ? `Paquete ${carrier}` : 'Paquete'),
} as const;
