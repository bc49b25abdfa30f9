// The Spanish texts the product shows, from the spec (docs/product/sign-up-and-sign-in.md, docs/product/customer-area.md#mi-perfil, docs/product/security.md#spanish-answers).
// The server answers with these; the client shows them as they arrive.

import { TRPC_MAX_BATCH_CALLS } from './constants';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Credenciales incorrectas. Verifica tu email y contraseña.',
  emailNotConfirmed: 'Debes confirmar tu correo electrónico antes de iniciar sesión.',
  tooManyAttempts: 'Demasiados intentos. Espera unos minutos antes de intentar nuevamente.',
  /** Kept in the catalogue (docs/product/product-decisions.md#d11-no-account-enumeration) but never produced by the server. */
  userNotFound: 'No existe una cuenta con este email. ¿Necesitas registrarte?',
  accountLocked: 'Tu cuenta ha sido bloqueada temporalmente. Contacta al soporte.',
  signInFallback: 'Error al iniciar sesión. Intenta de nuevo.',
  connectionError: 'Error de conexión: No se puede conectar al servidor. Verifica tu conexión a internet.',
  emailTaken: 'Este email ya está registrado. ¿Quieres iniciar sesión?',
  passwordRule: 'La contraseña debe tener mínimo 8 caracteres e incluir mayúscula, minúscula, número y símbolo.',
  passwordTooLong: 'La contraseña no puede exceder 128 caracteres.',
  passwordsDontMatch: 'Las contraseñas no coinciden.',
  invalidEmail: 'Por favor ingresa un email válido.',
  emailRequired: 'El email es requerido.',
  passwordRequired: 'La contraseña es requerida.',
  fullNameRequired: 'El nombre completo es requerido.',
  signUpSuccess: 'Cuenta creada. Te enviamos un correo para confirmar tu email antes de iniciar sesión.',
  verifyEmailSuccess: 'Tu correo fue confirmado. Ya puedes iniciar sesión.',
  verifyEmailInvalid: 'El enlace de confirmación no es válido o ya expiró.',
  verificationResent: 'Si tu cuenta existe y no está confirmada, te enviamos un nuevo enlace.',
  resetRequested:
    'Si existe una cuenta con ese email, recibirás un enlace para restablecer tu contraseña. El correo puede tardar hasta 5 minutos.',
  resetThrottle: 'Por seguridad, solo se puede solicitar el restablecimiento de contraseña cada 60 segundos.',
  resetLimit: (minutes: number) => `Demasiados intentos. Espera ${minutes} minutos antes de intentar nuevamente.`,
  resetFallback: 'Error al enviar el email. Verifica tu email e inténtalo nuevamente.',
  resetTokenInvalid: 'El enlace para restablecer la contraseña no es válido o ya expiró.',
  signInLinkOffer: '¿No puedes entrar desde este dispositivo? Te enviamos un enlace a tu correo.',
  signInLinkAction: 'Enviarme un enlace para entrar',
  signInLinkSent: 'Te enviamos un enlace para entrar. Revisa tu correo: vence en 15 minutos y sirve una sola vez.',
  signInLinkInvalid:
    'El enlace para entrar no es válido, ya se usó o venció. Pide uno nuevo desde la página de inicio de sesión.',
  signInLinkSigningIn: 'Entrando…',
  passwordUpdated: 'Tu contraseña fue actualizada.',
  currentPasswordWrong: 'La contraseña actual no es correcta.',
  passwordChangeTooMany: (minutes: number) =>
    `Demasiados intentos con una contraseña actual incorrecta. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} o restablece tu contraseña por correo.`,
  passwordChangeSessionEnded:
    'Escribiste mal la contraseña actual demasiadas veces: cerramos esta sesión por seguridad. Inicia sesión de nuevo o restablece tu contraseña.',
  currentPasswordRequired: 'La contraseña actual es requerida.',
  unauthorized: 'Debes iniciar sesión para continuar.',
  forbidden: 'No tienes permisos para realizar esta acción.',
  foreignOrigin: 'Solicitud rechazada: origen no permitido.',
  invalidSession: 'Sesión no válida',
  unknownRole: 'Rol de Usuario No Reconocido',
} as const;

export const ADMIN_SETUP_MESSAGES = {
  adminExists: 'Ya existe un administrador. Esta página ya no hace nada.',
  invalidToken: 'El token de configuración no es válido o ya fue usado.',
  created: 'Administrador principal creado exitosamente.',
  successTitle: '¡Éxito!',
  errorTitle: 'Error',
  unknownError: 'Error desconocido',
  fallback: 'Error al crear usuario administrador',
} as const;

/** Signed-in pages without a connection (the public pages have client/public/offline.html). */
export const OFFLINE_MESSAGES = {
  title: 'Sin conexión',
  body: 'No pudimos conectarnos con Casillero Virtual. Tu información está a salvo: solo falta conexión para mostrar esta página. Se abrirá sola cuando vuelva la conexión.',
  retry: 'Reintentar',
  staleBanner: 'Sin conexión: lo que ves es lo último que se cargó y puede no estar al día.',
} as const;

/** The not-found screen (any unknown path). */
export const NOT_FOUND_MESSAGES = {
  title: 'Página no encontrada',
  home: 'Volver al inicio',
} as const;

export const GENERIC_MESSAGES = {
  notFound: 'No encontrado.',
  internal: 'Ocurrió un error inesperado. Intenta nuevamente.',
  invalidInput: 'Datos inválidos.',
  requiredFields: 'Por favor completa todos los campos requeridos.',
  /** The database cannot be reached (an outage, a restart): answered 503 with Retry-After. */
  serviceUnavailable: 'Servicio no disponible, intenta de nuevo en unos segundos.',
  serviceUnavailableTitle: 'Servicio no disponible',
} as const;

/** Amounts of money, wherever they are typed. */
export const AMOUNT_MESSAGES = {
  twoDecimals: 'El monto admite como máximo dos decimales.',
} as const;

/** A text limit, for fields without a message of their own (counted in characters: shared/src/text.ts). */
export const TEXT_MESSAGES = {
  tooLong: (max: number) => `El texto puede tener como máximo ${max} caracteres.`,
} as const;

/**
 * Requests refused before any of our code reads them (by Fastify, Node's HTTP parser or tRPC):
 * the Spanish answer for each, in place of the framework's English text.
 */
export const HTTP_MESSAGES = {
  badRequest: 'Solicitud no válida.',
  procedureNotFound: 'La operación solicitada no existe.',
  methodNotAllowed: 'Esta operación no admite ese método de solicitud.',
  mixedBatch: 'No se pueden combinar consultas y cambios en una misma solicitud.',
  timeout: 'La solicitud tardó demasiado. Intenta nuevamente.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  batchTooLarge: `Una solicitud puede agrupar como máximo ${TRPC_MAX_BATCH_CALLS} operaciones.`,
  uriTooLong: 'La dirección solicitada es demasiado larga.',
  unsupportedMediaType: 'Tipo de contenido no admitido.',
  headersTooLarge: 'Los encabezados de la solicitud son demasiado grandes.',
  cancelled: 'La solicitud fue cancelada.',
} as const;

const HTTP_STATUS_MESSAGES: Partial<Record<number, string>> = {
  404: GENERIC_MESSAGES.notFound,
  405: HTTP_MESSAGES.methodNotAllowed,
  408: HTTP_MESSAGES.timeout,
  413: HTTP_MESSAGES.payloadTooLarge,
  414: HTTP_MESSAGES.uriTooLong,
  415: HTTP_MESSAGES.unsupportedMediaType,
  422: GENERIC_MESSAGES.invalidInput,
  431: HTTP_MESSAGES.headersTooLarge,
  499: HTTP_MESSAGES.cancelled,
  503: GENERIC_MESSAGES.serviceUnavailable,
};

/** The Spanish answer for a refused request, by its HTTP status (any 5xx: the generic one). */
export function httpStatusMessage(status: number): string {
  return HTTP_STATUS_MESSAGES[status] ?? (status >= 500 ? GENERIC_MESSAGES.internal : HTTP_MESSAGES.badRequest);
}

export const PROFILE_MESSAGES = {
  fullNameMin: 'El nombre completo debe tener al menos 2 caracteres',
  validationTitle: 'Error de validación',
  updatedTitle: 'Perfil actualizado',
  updatedMessage: 'Los cambios se han guardado correctamente',
  updateFailed: 'No se pudo actualizar el perfil. Verifica que todos los campos sean válidos.',
} as const;
