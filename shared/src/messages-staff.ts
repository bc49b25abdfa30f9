// Spanish texts of staff management (/admin/personal), invitations and the audit log.
export const STAFF_MESSAGES = {
  invited: (email: string) => `Invitación enviada a ${email}. El enlace vence en 72 horas.`,
  alreadyStaff: 'Esa persona ya forma parte del personal.',
  isCustomer: 'Ese correo pertenece a un cliente. Usa otro correo para el personal.',
  invitationInvalid: 'La invitación no es válida o ya venció. Pide una nueva a un administrador.',
  invitationAccepted: 'Tu cuenta de personal está lista. ¡Bienvenido!',
  roleChanged: 'Rol actualizado.',
  deactivated: 'Acceso desactivado: todas sus sesiones se cerraron.',
  reactivated: 'Acceso reactivado.',
  invitationRevoked: 'Invitación anulada.',
  lastAdmin: 'Debe quedar al menos un administrador activo.',
  notSelf: 'No puedes desactivar tu propio acceso.',
  notFound: 'No se encontró esa persona del personal.',
  invitationNotFound: 'No se encontró esa invitación pendiente.',
  loadFailed: 'No se pudo cargar el personal.',
  empty: 'No hay personal con esos filtros.',
} as const;

export const AUDIT_MESSAGES = {
  loadFailed: 'No se pudo cargar el registro de auditoría.',
  empty: 'No hay entradas con esos filtros.',
  badRange: 'La fecha inicial debe ser anterior a la final.',
  historyEmpty: 'Sin cambios registrados del personal.',
  noFields: 'Sin campos: un inicio de sesión no cambia datos.',
  searchPlaceholder: 'Persona, cliente, número (WR, tracking, referencia) o acción',
} as const;

/** How the log names what changed (tables) and how a change was made. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  users: 'Usuario',
  user_profiles: 'Perfil',
  mailboxes: 'Casillero',
  trackings: 'Tracking',
  prealerts: 'Pre-alerta',
  packages: 'Paquete',
  repack_requests: 'Reempaque',
  repack_request_items: 'Paquete de reempaque',
  shipments: 'Envío',
  shipment_packages: 'Paquete de envío',
  shipment_stages: 'Etapa de envío',
  payment_transactions: 'Pago',
  payment_trackings: 'Tracking de pago',
  notifications: 'Notificación',
  staff_invitations: 'Invitación',
  parcel_intakes: 'Recepción',
  parcel_photos: 'Foto de recepción',
  parcel_imports: 'Importación',
  shipment_news: 'Novedad de envío',
  exchange_rates: 'Tasa de cambio',
  payment_methods: 'Método de pago',
  invoices: 'Factura',
  ledger_entries: 'Movimiento de cuenta',
  bank_statements: 'Estado de cuenta',
  bank_statement_lines: 'Línea de estado de cuenta',
  ledger_correction_requests: 'Corrección de cuenta',
  departures: 'Despacho',
  departure_milestones: 'Hito de despacho',
  milestone_templates: 'Plantilla de hitos',
  departure_news: 'Novedad de despacho',
};

export const AUDIT_OPERATION_LABELS: Record<string, string> = {
  insert: 'Creación',
  update: 'Cambio',
  delete: 'Eliminación',
  sign_in: 'Inicio de sesión',
};
