// Problem parcels (docs/product/problem-parcels.md): the flags staff put on a parcel, the choices each
// flag gives the customer, the abandonment clock, the settings and every Spanish text.
import { z } from '../zod-es';
import { formatUsdCents, isWholeCents } from '../billing/money';
import { PROBLEM_REASONS, type ProblemReason } from './filters';

export const PROBLEM_REASON_LABELS: Record<ProblemReason, string> = {
  prohibited: 'Artículo prohibido',
  damaged: 'Dañado al llegar',
  no_invoice: 'Sin factura',
  refused: 'Rechazado (fuera de norma)',
};

/** What the customer may decide. */
export const PROBLEM_CHOICES = ['return_to_seller', 'dispose', 'pay_and_continue'] as const;
export type ProblemChoice = (typeof PROBLEM_CHOICES)[number];

export const PROBLEM_CHOICE_LABELS: Record<ProblemChoice, string> = {
  return_to_seller: 'Devolver al vendedor',
  dispose: 'Desechar',
  pay_and_continue: 'Pagar el cargo y continuar',
};

/**
 * The choices each flag allows. A prohibited article never travels; the others may continue once
 * the customer pays the extra charge staff set when flagging (repacking, paperwork, oversize).
 */
export const PROBLEM_CHOICES_BY_REASON: Record<ProblemReason, readonly ProblemChoice[]> = {
  prohibited: ['return_to_seller', 'dispose'],
  damaged: ['return_to_seller', 'dispose', 'pay_and_continue'],
  no_invoice: ['return_to_seller', 'dispose', 'pay_and_continue'],
  refused: ['return_to_seller', 'dispose', 'pay_and_continue'],
};

/** Flags whose parcel may continue: staff must set the extra charge when flagging. */
export const problemAllowsContinue = (reason: ProblemReason) =>
  PROBLEM_CHOICES_BY_REASON[reason].includes('pay_and_continue');

/** Where a problem stands: waiting for the customer, waiting for staff (return, dispose), closed. */
export const PROBLEM_STATES = ['awaiting_customer', 'awaiting_staff', 'resolved', 'abandoned'] as const;
export type ProblemState = (typeof PROBLEM_STATES)[number];

export const PROBLEM_STATE_LABELS: Record<ProblemState, string> = {
  awaiting_customer: 'Esperando al cliente',
  awaiting_staff: 'Por completar en almacén',
  resolved: 'Resuelto',
  abandoned: 'Abandonado',
};

/** The parcel statuses a problem may be raised on: on our shelves, in no shipment. */
export const PROBLEM_FLAGGABLE_STATUSES = ['received', 'in_warehouse'] as const;

/** Where a problem parcel ends; its record is kept and its status is no longer changed by hand. */
export const PROBLEM_END_STATUSES = ['returned_to_seller', 'disposed', 'abandoned'] as const;

/** The settings until the administrator sets them. */
export type ProblemSettings = { abandonDays: number; returnFeeUsdCents: number };
export const PROBLEM_DEFAULTS: ProblemSettings = { abandonDays: 30, returnFeeUsdCents: 1500 };
/** The first notice goes this many days before the parcel is abandoned; the second on the day. */
export const PROBLEM_NOTICE_DAYS_BEFORE = 5;

export const PROBLEM_NOTICE_KINDS = ['abandon_soon', 'abandoned'] as const;
export type ProblemNoticeKind = (typeof PROBLEM_NOTICE_KINDS)[number];

/** The day (YYYY-MM-DD) a parcel flagged on `flaggedDay` is abandoned if nobody decides. */
export function abandonDay(flaggedDay: string, abandonDays: number): string {
  const d = new Date(`${flaggedDay}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + abandonDays);
  return d.toISOString().slice(0, 10);
}

export const PROBLEM_MESSAGES = {
  sectionTitle: 'Acción requerida',
  sectionIntro: 'Estos paquetes están retenidos en el almacén. Elige qué hacer con cada uno.',
  notFound: 'Paquete no encontrado.',
  notOnShelf: 'Solo se puede marcar un paquete que está en el almacén y en ningún envío.',
  alreadyFlagged: 'Este paquete ya tiene un problema pendiente.',
  chargeRequired: (reason: string) => `Indica el cargo adicional para «${reason}».`,
  chargeNotAllowed: 'Un artículo prohibido no puede continuar: no lleva cargo adicional.',
  choiceNotAllowed: (choice: string, reason: string) => `«${choice}» no es una opción para un paquete «${reason}».`,
  alreadyDecided: 'Ya elegiste qué hacer con este paquete.',
  abandonedAlready: 'Este paquete fue abandonado: ya no se puede elegir qué hacer con él.',
  statusFollowsProblem:
    'El estado de este paquete lo decide su problema: se retiene, se resuelve o se completa desde Problemas en sus detalles.',
  notAwaitingStaff: 'Este paquete no tiene una devolución o un desecho por completar.',
  flagged: (label: string) => `Paquete ${label} retenido. Avisamos al cliente.`,
  decided: {
    return_to_seller: 'Listo: devolveremos el paquete al vendedor. La factura del cargo está en Facturas.',
    dispose: 'Listo: desecharemos el paquete.',
    pay_and_continue: 'Listo: el paquete sigue su camino. La factura del cargo está en Facturas.',
  } satisfies Record<ProblemChoice, string>,
  completed: (label: string, status: string) => `Paquete ${label}: ${status}.`,
  shipBlocked: (label: string) =>
    `El paquete ${label} está retenido por un problema: resuélvelo en Acción requerida antes de enviarlo.`,
  settingsSaved: 'Configuración de paquetes con problemas guardada.',
  confirmChoice: (choice: string) => `¿Confirmas «${choice}»? No podrás cambiarlo después.`,
  chargeLine: (reason: string, label: string) => `Cargo adicional (${reason}): paquete ${label}`,
  returnLine: (label: string) => `Devolución al vendedor: paquete ${label}`,
  invoiceDescription: (label: string) => `Paquete con problema ${label}`,
  deadline: (day: string) => `Si no eliges, el paquete se considera abandonado el ${day}.`,
  // Notifications (to the customer).
  flaggedTitle: 'Tu paquete necesita una decisión',
  flaggedMessage: (label: string, reason: string, note: string, day: string) =>
    `Retuvimos tu paquete ${label}: ${reason}. ${note} Elige qué hacer en Acción requerida (Almacén) antes del ${day}; si no, se considerará abandonado.`,
  soonTitle: 'Tu paquete retenido será abandonado pronto',
  soonMessage: (label: string, days: number, day: string) =>
    `Tu paquete ${label} sigue esperando tu decisión. Si no eliges en ${days} ${days === 1 ? 'día' : 'días'} (el ${day}), se considerará abandonado.`,
  /** When the warehouse completes what the customer chose. */
  completedNotice: {
    return_to_seller: {
      title: 'Tu paquete fue devuelto al vendedor',
      message: (label: string) => `Devolvimos tu paquete ${label} al vendedor, como elegiste.`,
    },
    dispose: {
      title: 'Tu paquete fue desechado',
      message: (label: string) => `Desechamos tu paquete ${label}, como elegiste.`,
    },
  } satisfies Record<'return_to_seller' | 'dispose', { title: string; message: (label: string) => string }>,
  abandonedTitle: 'Tu paquete fue abandonado',
  abandonedMessage: (label: string) =>
    `No recibimos tu decisión sobre el paquete ${label} a tiempo: se considera abandonado y no será enviado.`,
  fee: (cents: number) => formatUsdCents(cents),
};

const packageId = z.string().uuid('Paquete no válido.');
const amountUsd = (what: string) =>
  z
    .number({ message: `Indica ${what}.` })
    .min(0, `${what[0].toUpperCase()}${what.slice(1)} no puede ser negativo.`)
    .max(10000, `${what[0].toUpperCase()}${what.slice(1)} no puede pasar de ${formatUsdCents(1_000_000)}.`)
    .refine(isWholeCents, `${what[0].toUpperCase()}${what.slice(1)} admite como máximo dos decimales.`);

export const problemFlagInput = z
  .object({
    packageId,
    reason: z.enum(PROBLEM_REASONS, { message: 'Elige el motivo.' }),
    note: z
      .string()
      .trim()
      .min(3, 'Escribe una nota para el cliente (al menos 3 caracteres).')
      .max(1000, 'La nota admite como máximo 1000 caracteres.'),
    extraChargeUsd: amountUsd('el cargo adicional').nullish(),
  })
  .superRefine((v, ctx) => {
    const charge = v.extraChargeUsd ?? 0;
    if (problemAllowsContinue(v.reason) && charge <= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['extraChargeUsd'],
        message: PROBLEM_MESSAGES.chargeRequired(PROBLEM_REASON_LABELS[v.reason]),
      });
    if (!problemAllowsContinue(v.reason) && charge > 0)
      ctx.addIssue({ code: 'custom', path: ['extraChargeUsd'], message: PROBLEM_MESSAGES.chargeNotAllowed });
  });

export const problemChooseInput = z.object({
  packageId,
  choice: z.enum(PROBLEM_CHOICES, { message: 'Elige una opción.' }),
});

export const problemCompleteInput = z.object({ packageId });

export const problemSettingsInput = z.object({
  abandonDays: z
    .number({ message: 'Indica los días para abandono.' })
    .int('Los días para abandono deben ser un número entero.')
    .min(PROBLEM_NOTICE_DAYS_BEFORE + 1, `Los días para abandono deben ser al menos ${PROBLEM_NOTICE_DAYS_BEFORE + 1}.`)
    .max(365, 'Los días para abandono no pueden pasar de 365.'),
  returnFeeUsd: amountUsd('el cargo de devolución'),
});
