// Spanish e-mails, each with an HTML and a plain-text part.
import { SIGN_IN_LINK_TTL_MINUTES } from '@casillero/shared';

export type EmailMessage = {
  template: string;
  subject: string;
  html: string;
  text: string;
  /** Headers of its own, stored with the e-mail and sent as they are. */
  headers?: Record<string, string>;
};

const BRAND = 'Casillero Virtual';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Wraps paragraphs and an optional button in the common layout. */
export function layout(opts: {
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
  /** A coloured label under the title (a status, a priority). */
  highlight?: { label: string; color: string };
}) {
  const highlight = opts.highlight
    ? `<p style="margin:0 0 20px"><span style="display:inline-block;background:${escapeHtml(opts.highlight.color)};color:#fff;padding:6px 12px;border-radius:14px;font-weight:bold">${escapeHtml(opts.highlight.label)}</span></p>`
    : '';
  const body =
    highlight + opts.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('');
  const button = opts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(opts.action.label)}</a></p><p style="font-size:13px;color:#555">Si el botón no funciona, copia este enlace: ${escapeHtml(opts.action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,Helvetica,sans-serif;background:#f4f6f8;padding:24px;color:#222"><div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:28px"><h1 style="font-size:20px;margin:0 0 20px">${escapeHtml(opts.title)}</h1>${body}${button}<hr style="border:none;border-top:1px solid #eee;margin:24px 0"><p style="font-size:12px;color:#777">${escapeHtml(opts.footer ?? `${BRAND} · Miami y Beijing a Venezuela`)}</p></div></body></html>`;
  const text = [
    opts.title,
    '',
    ...(opts.highlight ? [opts.highlight.label, ''] : []),
    ...opts.paragraphs,
    ...(opts.action ? ['', `${opts.action.label}: ${opts.action.url}`] : []),
    '',
    `— ${BRAND}`,
  ].join('\n');
  return { html, text };
}

/** An e-mail about the reader's own account: it greets them by name, then says what happened. */
function accountEmail(
  template: string,
  subject: string,
  body: { title: string; fullName: string; paragraphs: string[]; action?: { label: string; url: string } },
): EmailMessage {
  const { html, text } = layout({
    title: body.title,
    paragraphs: [`Hola ${body.fullName},`, ...body.paragraphs],
    action: body.action,
  });
  return { template, subject, html, text };
}

export function verifyEmailMessage(p: { fullName: string; url: string }): EmailMessage {
  return accountEmail('verify-email', `Confirma tu correo en ${BRAND}`, {
    title: 'Confirma tu correo electrónico',
    fullName: p.fullName,
    paragraphs: [
      `Gracias por registrarte en ${BRAND}. Confirma tu correo para activar tu cuenta e iniciar sesión.`,
      'El enlace vence en 48 horas. Si no creaste esta cuenta, ignora este mensaje.',
    ],
    action: { label: 'Confirmar mi correo', url: p.url },
  });
}

export function passwordResetMessage(p: { fullName: string; url: string }): EmailMessage {
  return accountEmail('password-reset', `Restablece tu contraseña de ${BRAND}`, {
    title: 'Restablece tu contraseña',
    fullName: p.fullName,
    paragraphs: [
      'Recibimos una solicitud para restablecer la contraseña de tu cuenta.',
      'El enlace vence en 1 hora y solo puede usarse una vez. Si no lo pediste, ignora este mensaje: tu contraseña no cambiará.',
    ],
    action: { label: 'Crear una nueva contraseña', url: p.url },
  });
}

export function signInLinkMessage(p: { fullName: string; url: string }): EmailMessage {
  return accountEmail('sign-in-link', `Tu enlace para entrar en ${BRAND}`, {
    title: 'Entra con este enlace',
    fullName: p.fullName,
    paragraphs: [
      'Pediste un enlace para entrar en tu cuenta sin escribir tu contraseña. El navegador donde lo abras quedará reconocido como tuyo.',
      `El enlace vence en ${SIGN_IN_LINK_TTL_MINUTES} minutos y solo puede usarse una vez. Si no lo pediste, ignora este mensaje: nadie puede entrar sin abrirlo.`,
    ],
    action: { label: 'Entrar a mi cuenta', url: p.url },
  });
}

export function passwordChangedMessage(p: { fullName: string }): EmailMessage {
  return accountEmail('password-changed', `Tu contraseña de ${BRAND} fue cambiada`, {
    title: 'Tu contraseña fue cambiada',
    fullName: p.fullName,
    paragraphs: [
      'La contraseña de tu cuenta acaba de cambiar y cerramos tus otras sesiones.',
      'Si no fuiste tú, restablece tu contraseña de inmediato y contáctanos.',
    ],
  });
}

/** Sent when an administrator removes a staff member's access: sign-in now answers as a wrong password would. */
export function staffAccessRemovedMessage(p: { fullName: string }): EmailMessage {
  return accountEmail('staff-access-removed', `Tu acceso al equipo de ${BRAND} fue retirado`, {
    title: 'Tu acceso fue retirado',
    fullName: p.fullName,
    paragraphs: [
      `Un administrador retiró tu acceso al área de administración de ${BRAND} y cerramos tus sesiones abiertas.`,
      'Si crees que es un error, habla con un administrador.',
    ],
  });
}

/**
 * Sent when a signed-in session typed the wrong current password too many times while changing
 * it: that session was closed, since whoever holds it may not be the owner.
 */
export function passwordGuessingMessage(p: { fullName: string; forgotPasswordUrl: string }): EmailMessage {
  return accountEmail('password-change-guessing', `Intentos de cambiar tu contraseña de ${BRAND}`, {
    title: 'Cerramos una sesión por seguridad',
    fullName: p.fullName,
    paragraphs: [
      'En una de tus sesiones abiertas escribieron varias veces una contraseña actual incorrecta al intentar cambiarla. Cerramos esa sesión.',
      'Si fuiste tú, vuelve a iniciar sesión. Si no, restablece tu contraseña con el enlace de abajo y revisa tus sesiones abiertas en Configuración.',
    ],
    action: { label: 'Restablecer mi contraseña', url: p.forgotPasswordUrl },
  });
}

export function staffInvitationMessage(p: { roleLabel: string; invitedBy: string; url: string }): EmailMessage {
  const { html, text } = layout({
    title: `Te invitaron al equipo de ${BRAND}`,
    paragraphs: [
      `${p.invitedBy} te invitó a unirte al personal de ${BRAND} con el rol ${p.roleLabel}.`,
      'Abre el enlace para escribir tu nombre y elegir tu contraseña. Vence en 72 horas y solo puede usarse una vez.',
      'Si no esperabas esta invitación, ignora este mensaje.',
    ],
    action: { label: 'Aceptar la invitación', url: p.url },
  });
  return { template: 'staff-invitation', subject: `Invitación al equipo de ${BRAND}`, html, text };
}

/**
 * Sent when failed sign-ins from unknown devices close an account to new devices (at most once a
 * day, docs/decisions/007): says the account is safe and how the owner still gets in.
 */
export function signInAttackMessage(p: { fullName: string; forgotPasswordUrl: string }): EmailMessage {
  return accountEmail('sign-in-attack', `Intentos de acceso a tu cuenta de ${BRAND}`, {
    title: 'Detectamos muchos intentos fallidos de iniciar sesión',
    fullName: p.fullName,
    paragraphs: [
      'Alguien intentó muchas veces iniciar sesión en tu cuenta con una contraseña incorrecta, desde dispositivos donde nunca has entrado.',
      'Tu cuenta está protegida: por un tiempo no aceptamos más intentos desde dispositivos nuevos. Desde los dispositivos donde ya iniciaste sesión antes puedes entrar como siempre.',
      'Si estás en un dispositivo nuevo y no puedes entrar, restablece tu contraseña con el enlace de abajo: te llegará a este correo.',
      'Si tu contraseña es fácil de adivinar o la usas en otros sitios, te recomendamos cambiarla.',
    ],
    action: { label: 'Restablecer mi contraseña', url: p.forgotPasswordUrl },
  });
}

/** An ally's login is invited (docs/product/allies.md): the link opens the invitation page. */
export function allyInvitationMessage(p: { allyName: string; url: string }): EmailMessage {
  const { html, text } = layout({
    title: `Tu portal de aliado en ${BRAND}`,
    paragraphs: [
      `${BRAND} te dio de alta como aliado: ${p.allyName}. Desde tu portal creas a tus clientes y ves sus paquetes, envíos y tu estado de cuenta.`,
      'Abre el enlace para escribir tu nombre y elegir tu contraseña. Vence en 72 horas y solo puede usarse una vez.',
      'Si no esperabas este mensaje, ignóralo.',
    ],
    action: { label: 'Crear mi contraseña', url: p.url },
  });
  return { template: 'staff-invitation', subject: `Tu portal de aliado en ${BRAND}`, html, text };
}

/** An ally created the customer's account: the link sets their password (and confirms the e-mail). */
export function allyCustomerWelcomeMessage(p: {
  fullName: string;
  allyName: string;
  mailboxCode: string;
  url: string;
}): EmailMessage {
  const { html, text } = layout({
    title: `Bienvenido a ${BRAND}, ${p.fullName}`,
    paragraphs: [
      `${p.allyName} te abrió un casillero en ${BRAND}: ${p.mailboxCode}.`,
      'Abre el enlace para elegir tu contraseña y entrar a tu cuenta. Vence en 72 horas; si vence, pide otro en «¿Olvidaste tu contraseña?».',
    ],
    action: { label: 'Elegir mi contraseña', url: p.url },
  });
  return { template: 'ally-customer-welcome', subject: `Tu casillero en ${BRAND}`, html, text };
}
