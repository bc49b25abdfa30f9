// The Spanish texts of the customer's area (mailboxes, pre-alerts, notifications, settings).

export const PREALERT_MESSAGES = {
  created: 'Prealerta creada',
  createdDetail: 'Te avisaremos cuando tu paquete llegue al almacén.',
  updated: 'Prealerta actualizada',
  notEditable: 'Esta prealerta ya fue convertida en paquete y no se puede editar.',
  trackingNumberFixed: 'El número de tracking no se puede cambiar una vez indicado.',
  duplicateTracking: 'Ya tienes una prealerta con este número de tracking.',
  mailboxInvalid: 'Selecciona uno de tus casilleros.',
  mailboxInactive: 'Ese casillero no está activo: elige un casillero activo para tu prealerta.',
  mailboxInactiveSuffix: ' (inactivo)',
  carrierInvalid: 'Selecciona una empresa de envío de la lista.',
  senderMax: 'La tienda o remitente no puede exceder 100 caracteres',
  descriptionRequired: 'La descripción es requerida',
  descriptionMin: 'La descripción debe tener al menos 3 caracteres',
  descriptionMax: 'La descripción no puede exceder 500 caracteres',
  itemsMin: 'La cantidad de artículos debe ser al menos 1',
  itemsInt: 'La cantidad de artículos debe ser un número entero',
  amountMin: 'El monto gastado no puede ser negativo',
  weightMin: 'El peso estimado debe ser al menos 0,1 kg',
  valueMin: 'El valor estimado no puede ser negativo',
  notesMax: 'Las notas no pueden exceder 1.000 caracteres',
  matched: (trackingNumber: string, status: string) =>
    `Tu paquete ya fue registrado por el almacén: tracking ${trackingNumber}, estado «${status}».`,
} as const;

export const MAILBOX_MESSAGES = {
  alreadyHas: (country: string) => `Ya tienes un casillero en ${country}.`,
  opened: 'Casillero creado',
  openedDetail: 'Tu casillero está inactivo hasta que se apruebe el pago de activación.',
} as const;

export const NOTIFICATION_MESSAGES = {
  allRead: 'Todas las notificaciones fueron marcadas como leídas',
} as const;

export const ACCOUNT_MESSAGES = {
  sessionsEnded: (n: number) => (n === 1 ? 'Se cerró 1 sesión.' : `Se cerraron ${n} sesiones.`),
  sessionEnded: 'Sesión cerrada.',
  cannotEndCurrent: 'Para cerrar esta sesión usa «Cerrar sesión».',
  preferencesSaved: 'Preferencias guardadas',
} as const;
