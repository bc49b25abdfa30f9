// The Spanish texts of the admin clients and mailboxes screen (docs/product/admin-clients.md).
import type { MailboxStatus } from '../enums';

export const CLIENT_MESSAGES = {
  title: 'Gestión de Clientes',
  subtitle: 'Administra todos los clientes y sus casilleros',
  searchPlaceholder: 'Buscar por nombre, cédula, teléfono o código de casillero...',
  tableTitle: (count: string) => `Clientes (${count})`,
  empty: 'No se encontraron clientes',
  noCedula: 'No registrada',
  noPhone: 'Sin teléfono',
  noAddress: 'Sin dirección',
  noMailbox: 'Sin casillero',
  noEmail: 'Sin email',
  loadFailed: 'No se pudieron cargar los usuarios.',
  notFound: 'Cliente no encontrado.',
  // Crear Casillero Manual
  createMailboxTitle: 'Crear Casillero Manual',
  requiredFields: 'Por favor completa todos los campos requeridos.',
  alreadyHas: (country: string) => `El usuario ya tiene un casillero en ${country}.`,
  codeTaken: 'El código de casillero ya existe.',
  codeInvalid: 'El código solo puede tener letras, números y guiones (3 a 30 caracteres).',
  countryNotSupported: 'País no soportado para generación automática de código',
  createFailed: 'No se pudo crear el casillero. Intenta de nuevo.',
  createdTitle: '¡Éxito!',
  created: (code: string) => `Casillero ${code} creado exitosamente.`,
  // Toggle
  mailboxNotFound: 'Casillero no encontrado.',
  toggledTitle: 'Casillero actualizado',
  toggled: (status: MailboxStatus) => `Estado cambiado a ${status === 'active' ? 'activo' : 'inactivo'}.`,
  toggleFailed: 'No se pudo actualizar el estado del casillero.',
  // Editar Cliente
  editTitle: 'Editar Cliente',
  updatedTitle: '¡Cliente actualizado!',
  updated: 'Los datos del cliente se guardaron correctamente.',
  updateFailed: 'No se pudieron guardar los cambios. Intenta de nuevo.',
} as const;

/** What the customer reads about a mailbox an admin created or switched on or off. */
export const CLIENT_MAILBOX_NOTIFICATIONS = {
  createdTitle: 'Nuevo casillero asignado',
  created: (code: string, country: string, activation: string | null) =>
    activation
      ? `Te asignamos el casillero ${code} en ${country}. Se activa cuando se apruebe su pago de activación de ${activation}.`
      : `Te asignamos el casillero ${code} en ${country}. Te avisaremos cuando esté activo.`,
  activatedTitle: 'Casillero activado',
  activated: (code: string) => `Tu casillero ${code} está activo: ya puedes usar su dirección en tus compras.`,
  deactivatedTitle: 'Casillero desactivado',
  deactivated: (code: string) => `Tu casillero ${code} fue desactivado. Escríbenos si tienes dudas.`,
} as const;
