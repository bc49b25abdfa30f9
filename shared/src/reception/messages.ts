// The Spanish texts of reception by scanning and of the "sin dueño" queue (docs/decisions/019-warehouse-intake.md):
// the /admin/recepcion screen, its server refusals and what the customer is told.
import { formatKg } from '../format';
const kg = (n: number) => formatKg(n);

export const RECEPTION_MESSAGES = {
  // The scan and the measures (form rules)
  codeRequired: 'Escanea o escribe un número de tracking.',
  codeMax: 'El número no puede exceder 80 caracteres.',
  codeInvalid: 'El número escaneado no tiene letras ni dígitos. Escanéalo de nuevo.',
  carrierInvalid: 'Selecciona un transportista válido.',
  weightRequired: 'Indica el peso del paquete.',
  weightPositive: 'El peso debe ser mayor a 0.',
  weightMax: 'El peso no puede exceder 1.000 kg.',
  dimensionPositive: 'Las medidas deben ser mayores a 0.',
  dimensionMax: 'Cada medida puede ser de hasta 500 cm.',
  dimensionsIncomplete: 'Indica largo, ancho y alto, o deja las tres vacías.',
  mailboxCodeMax: 'El código de casillero no puede exceder 30 caracteres.',
  descriptionMax: 'La descripción no puede exceder 500 caracteres.',
  photosMax: 'Puedes adjuntar hasta 4 fotos por paquete.',
  photoRepeated: 'La misma foto está repetida.',
  intakeRequired: 'Indica el paquete sin dueño.',
  mailboxRequired: 'Elige un casillero.',
  // Server refusals
  alreadyReceived: (wr: string | null, date: string) =>
    wr
      ? `Este paquete ya fue recibido el ${date} (WR ${wr}). No se registró de nuevo.`
      : `Este paquete ya fue recibido el ${date}. No se registró de nuevo.`,
  isWarehouseLabel:
    'Escaneaste una etiqueta WR del almacén: ese paquete ya fue recibido. Escanea el número del transportista.',
  warehouseReceiptNotFound: (wr: string) => `No hay ningún paquete con el WR ${wr}.`,
  photosInvalid: 'Alguna de las fotos no es válida o ya se usó en otro paquete. Tómala de nuevo.',
  intakeNotFound: 'Paquete sin dueño no encontrado.',
  intakeAlreadyClaimed:
    'Este paquete ya tiene dueño: lo reclamó su cliente o lo asignó otra persona. Actualiza la lista.',
  mailboxNotActive: 'El casillero elegido no existe o no está activo.',
  noMailbox: 'El cliente no tiene ningún casillero donde recibir el paquete.',
  // The screen
  pageTitle: 'Recepción',
  pageSubtitle:
    'Escanea el número de tracking del paquete, pésalo y guarda. La pantalla queda lista para el siguiente.',
  scanLabel: 'Número de tracking o etiqueta WR',
  scanPlaceholder: 'Escanea o escribe el número y pulsa Enter',
  scanButton: 'Buscar',
  cameraButton: 'Escanear con la cámara',
  cameraTitle: 'Escanear código de barras',
  cameraHint: 'Apunta la cámara al código de barras de la etiqueta.',
  cameraUnavailable: 'No se pudo abrir la cámara. Revisa el permiso de la cámara o escribe el número.',
  cameraUnsupported: 'Este navegador no puede leer códigos de barras con la cámara. Escribe el número.',
  cameraClose: 'Cerrar',
  lookupFailed: 'No se pudo buscar el número. Intenta nuevamente.',
  expectedTitle: 'Paquete esperado',
  expectedFrom: {
    prealert: 'Prealertado por el cliente',
    tracking: 'Registrado en Trackings',
    package: 'Paquete pendiente de recibir',
  },
  unknownTitle: 'Sin dueño',
  unknownDetail:
    'Ningún cliente espera este número. Se recibirá en la cola «sin dueño»; si la etiqueta trae un código de casillero, escríbelo.',
  alreadyTitle: 'Ya recibido',
  alreadyUnclaimed: 'Está en la cola «sin dueño».',
  openPackage: 'Ver paquete',
  openUnclaimed: 'Ver sin dueño',
  customerLabel: 'Cliente',
  mailboxLabel: 'Casillero',
  mailboxCodeLabel: 'Código de casillero en la etiqueta (opcional)',
  mailboxCodePlaceholder: 'VE-MIA-123456',
  carrierLabel: 'Transportista',
  descriptionLabel: 'Descripción (opcional)',
  weightLabel: 'Peso (kg)',
  lengthLabel: 'Largo (cm)',
  widthLabel: 'Ancho (cm)',
  heightLabel: 'Alto (cm)',
  photosLabel: 'Fotos (opcional, hasta 4)',
  save: 'Guardar recepción',
  cancel: 'Cancelar',
  savedTitle: 'Paquete recibido',
  savedClaimed: (wr: string, customer: string, mailbox: string) => `${wr} · ${customer} · ${mailbox}`,
  savedUnclaimed: (wr: string) => `${wr} · sin dueño`,
  savedNotified: 'Cliente notificado.',
  saveFailed: 'No se pudo guardar la recepción.',
  printLabel: 'Imprimir etiqueta',
  sessionTitle: 'Recibidos en esta sesión',
  sessionEmpty: 'Aún no has recibido paquetes en esta sesión.',
  // The "sin dueño" queue
  unclaimedTitle: 'Paquetes sin dueño',
  unclaimedSubtitle:
    'Recibidos sin un cliente que los esperara. Si un cliente los prealerta, se le asignan solos; también puedes asignarlos a un casillero.',
  unclaimedEmpty: 'No hay paquetes sin dueño.',
  unclaimedSearch: 'Buscar por tracking, WR, código leído o descripción',
  assign: 'Asignar',
  assignTitle: 'Asignar a un casillero',
  assignSearch: 'Buscar casillero por código, nombre o e-mail',
  assignSave: 'Asignar',
  assignedTitle: 'Paquete asignado',
  assigned: (wr: string, mailbox: string) => `${wr} quedó en el casillero ${mailbox}. Cliente notificado.`,
  assignFailed: 'No se pudo asignar el paquete.',
  // Customer notifications
  prealertMatchedTitle: 'Tu paquete ya está en el almacén',
  prealertMatched: (label: string, wr: string, weightKg: number) =>
    `Tu prealerta ${label} coincide con un paquete que ya recibimos en nuestro almacén (WR ${wr}). Peso registrado: ${kg(weightKg)}. Ya puedes verlo en Almacén.`,
  prealertMatchedToast: 'Prealerta creada: tu paquete ya está en el almacén',
  prealertMatchedDetail: (wr: string) => `Lo recibimos con el WR ${wr}. Ya puedes verlo en Almacén.`,
} as const;
