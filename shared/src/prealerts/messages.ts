// The Spanish texts of the admin pre-alerts screen (docs/product/admin-prealerts.md) and the customer's
// notifications about their pre-alerts.

/** A draft from a customer's e-mail older than this many days is shown to staff as not confirmed in time. */
export const STALE_DRAFT_DAYS = 7;

export const ADMIN_PREALERT_MESSAGES = {
  staleDraft: (days: number) => `Borrador sin confirmar (${days} días)`,
  title: 'Gestión de Prealertas',
  subtitle: 'Administra las prealertas de todos los clientes',
  empty: 'No hay prealertas',
  emptyDetail: 'Las prealertas de los clientes aparecerán aquí',
  emptyFiltered: 'Ninguna prealerta coincide con la búsqueda o el filtro.',
  searchPlaceholder: 'Buscar por tracking, cliente, remitente o descripción',
  noTracking: 'Sin tracking',
  noClient: 'N/A',
  // The warehouse's tracking registered for the pre-alert (trackings.prealert_id)
  matchedTrackingLabel: 'Tracking registrado por el almacén',
  matchedTracking: (trackingNumber: string) => `El almacén registró el tracking ${trackingNumber} para esta prealerta.`,
  matchedTrackingLink: 'Ver en Trackings',
  // Dialogs
  detailsTitle: 'Detalles de Prealerta',
  editTitle: 'Editar Prealerta',
  convertTitle: 'Convertir Prealerta a Paquete',
  // Toasts (docs/product/admin-prealerts.md)
  statusUpdated: 'Estado actualizado exitosamente',
  statusFailed: (message: string) => `Error al actualizar estado: ${message}`,
  updated: 'Prealerta actualizada exitosamente',
  updateFailed: (message: string) => `Error al actualizar prealerta: ${message}`,
  converted: 'Prealerta convertida a paquete exitosamente',
  convertFailed: (message: string) => `Error al convertir prealerta: ${message}`,
  // Rules
  noMailbox: 'Usuario no tiene casillero asignado',
  notFound: 'Prealerta no encontrada.',
  notPending: 'Solo se pueden confirmar prealertas pendientes.',
  notConfirmed: 'Confirma la prealerta antes de convertirla en paquete.',
  alreadyConverted: 'Esta prealerta ya fue convertida a paquete.',
  notEditable: 'Solo se pueden editar prealertas pendientes o confirmadas.',
  realWeightInvalid: 'El peso real debe estar entre 0 y 1.000 kg',
  realValueInvalid: 'El valor real no puede ser negativo',
  packageDescriptionMax: 'La descripción del paquete no puede exceder 500 caracteres',
  notesMax: 'Las notas no pueden exceder 1.000 caracteres',
} as const;

/** What the customer reads (in the app and by e-mail) when an admin moves their pre-alert. */
export const PREALERT_NOTIFICATIONS = {
  confirmedTitle: 'Prealerta confirmada',
  confirmed: (what: string) => `Confirmamos tu prealerta ${what}. Te avisaremos cuando la recibamos en el almacén.`,
  convertedTitle: 'Tu paquete llegó al almacén',
  converted: (what: string, mailboxCode: string) =>
    `Recibimos tu prealerta ${what} en el almacén: ya es un paquete de tu casillero ${mailboxCode}.`,
} as const;
