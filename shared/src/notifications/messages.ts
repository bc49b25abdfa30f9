// The Spanish texts of the admin notifications screen (docs/product/admin-notifications.md).
import { groupThousands } from '../format';

export const ADMIN_NOTIFICATION_MESSAGES = {
  title: 'Gestión de Notificaciones',
  empty: 'No hay notificaciones',
  loadFailed: 'No se pudieron cargar las notificaciones.',
  required: 'El título y mensaje son requeridos.',
  userRequired: 'Selecciona un usuario.',
  userInvalid: 'El usuario seleccionado no existe o no es un cliente.',
  titleMax: 'El título no puede exceder 200 caracteres',
  messageMax: 'El mensaje no puede exceder 2.000 caracteres',
  sent: 'La notificación se envió correctamente.',
  sentAll: (n: number) =>
    n === 1
      ? 'Se envió 1 notificación a todos los usuarios.'
      : `Se enviaron ${groupThousands(n)} notificaciones a todos los usuarios.`,
  sendFailed: 'No se pudo enviar la notificación.',
  deleted: 'Notificación eliminada',
  deleteFailed: 'No se pudo eliminar la notificación.',
  notFound: 'Notificación no encontrada.',
  read: 'Leída',
  unread: 'No leída',
  searchTooShort: (min: number) => `Escribe al menos ${min} caracteres para buscar`,
} as const;
