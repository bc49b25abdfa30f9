// A customer's recipients (docs/product/last-mile.md#recipients): the Spanish texts of the
// address book in Mi Perfil and of the staff's recipient choice. zod-free on purpose.

export const RECIPIENT_FULL_NAME_MAX = 120;
export const RECIPIENT_TEXT_MAX = 120;
export const RECIPIENT_ADDRESS_MAX = 300;
export const RECIPIENT_REFERENCE_MAX = 200;

export const RECIPIENT_MESSAGES = {
  fullNameRequired: 'Escribe el nombre completo del destinatario.',
  fullNameMax: `El nombre puede tener hasta ${RECIPIENT_FULL_NAME_MAX} caracteres.`,
  idDocumentInvalid:
    'Escribe una cédula (V-12345678 o E-12345678), un RIF con su dígito verificador (J-12345678-9) o un pasaporte (P-AB123456).',
  phoneInvalid: 'Escribe un teléfono venezolano: un celular (0414-1234567) o un fijo (0212-1234567).',
  stateRequired: 'Selecciona un estado de Venezuela de la lista.',
  municipalityMax: `El municipio puede tener hasta ${RECIPIENT_TEXT_MAX} caracteres.`,
  cityRequired: 'Escribe la ciudad.',
  cityMax: `La ciudad puede tener hasta ${RECIPIENT_TEXT_MAX} caracteres.`,
  addressRequired: 'Escribe la dirección (calle, edificio o casa, piso y apartamento).',
  addressMax: `La dirección puede tener hasta ${RECIPIENT_ADDRESS_MAX} caracteres.`,
  referenceMax: `El punto de referencia puede tener hasta ${RECIPIENT_REFERENCE_MAX} caracteres.`,
  notFound: 'No encontramos ese destinatario.',
  customerNotFound: 'No encontramos ese cliente.',
  createdForCustomer: (customer: string) => `Destinatario guardado en la libreta de ${customer}.`,
  accountHolderArchive: 'Tú eres el destinatario principal de tu cuenta: no puedes quitarte de la libreta.',
  created: 'Destinatario guardado.',
  updated: 'Destinatario actualizado.',
  archived: 'Destinatario quitado de tu libreta. Los envíos que lo nombran lo conservan.',
} as const;

export const RECIPIENT_LABELS = {
  section: 'Destinatarios',
  intro: 'Las personas a quienes envías. Tú eres el destinatario principal.',
  add: 'Agregar destinatario',
  edit: 'Editar destinatario',
  remove: 'Quitar',
  removeConfirm: '¿Quitar este destinatario de tu libreta? Los envíos que ya lo nombran lo conservan.',
  fullName: 'Nombre completo',
  idDocument: 'Cédula o RIF',
  phone: 'Teléfono',
  state: 'Estado',
  municipality: 'Municipio',
  city: 'Ciudad',
  address: 'Dirección',
  reference: 'Punto de referencia',
  isAuthorized: 'Autorizado a retirar',
  isAuthorizedHint: 'Puede retirar en agencia cualquiera de tus envíos.',
  accountHolder: 'Titular',
  incomplete: 'Falta cédula o teléfono',
  empty: 'Aún no tienes destinatarios.',
  save: 'Guardar',
  cancel: 'Cancelar',
} as const;
