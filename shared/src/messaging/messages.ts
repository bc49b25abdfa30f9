// Spanish texts of Configuración (docs/product/messages-and-notifications.md#preferences): notification channels per kind and the WhatsApp
// number verified by code.
export const MESSAGING_MESSAGES = {
  phoneInvalid: 'Escribe un número de celular válido, por ejemplo 0414-1234567 o +58 414 1234567.',
  codeFormat: 'El código tiene 6 dígitos.',
  codeSent: (masked: string) => `Te enviamos un código por WhatsApp al ${masked}. Vence en 10 minutos.`,
  noPendingCode: 'No hay un código pendiente. Pide uno nuevo.',
  codeExpired: 'El código venció. Pide uno nuevo.',
  codeWrong: (left: number) =>
    left > 0
      ? `El código no es correcto. Te quedan ${left} ${left === 1 ? 'intento' : 'intentos'}.`
      : 'El código no es correcto. Pide uno nuevo.',
  tooManyAttempts: 'Demasiados intentos con este código. Pide uno nuevo.',
  tooManyCodes: (minutes: number) =>
    `Pediste demasiados códigos. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  phoneVerified: 'Listo: tu WhatsApp quedó verificado.',
  phoneRemoved: 'Quitamos tu número de WhatsApp. Ya no te enviaremos mensajes por ahí.',
  preferencesSaved: 'Preferencias guardadas.',
  unsubscribeTitle: 'Avisos por correo desactivados',
  unsubscribeDone: (kindLabel: string) =>
    `Ya no te enviaremos correos de «${kindLabel}». Seguirás viendo estos avisos en tu cuenta y puedes volver a activarlos en Configuración.`,
  unsubscribeConfirmTitle: '¿Desactivar estos correos?',
  unsubscribeConfirm: (kindLabel: string) => `Dejarás de recibir por correo los avisos de «${kindLabel}».`,
  unsubscribeButton: 'Desactivar correos',
  unsubscribeInvalid: 'El enlace no es válido. Elige tus avisos en Configuración, dentro de tu cuenta.',
} as const;
