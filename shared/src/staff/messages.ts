// Spanish texts of staff management (/admin/personal) and invitations (the audit log's are in
// shared/src/audit/messages.ts).
export const STAFF_MESSAGES = {
  invited: (email: string) => `Invitación enviada a ${email}. El enlace vence en 72 horas.`,
  alreadyStaff: 'Esa persona ya forma parte del personal.',
  isCustomer: 'Ese correo pertenece a un cliente. Usa otro correo para el personal.',
  agencyRequired: 'Elige la agencia del usuario.',
  agencyByInvitation: 'El rol Agencia se da invitando al usuario con su agencia.',
  allyByAllies: 'El rol Aliado se da creando el aliado en Aliados.',
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
