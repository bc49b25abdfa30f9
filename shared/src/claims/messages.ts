// Every text of claims (docs/product/claims.md): the customer's Reclamos, the claims desk and the
// notifications at each step.
import {
  CLAIMS_TITLE,
  CLAIM_KIND_LABELS,
  CLAIM_MAX_PHOTOS,
  CLAIM_TEXT_MAX,
  CLAIM_TEXT_MIN,
  type ClaimKind,
} from './claims';

export const CLAIM_MESSAGES = {
  title: CLAIMS_TITLE,
  adminTitle: CLAIMS_TITLE,
  open: 'Abrir reclamo',
  empty: 'No tienes reclamos.',
  adminEmpty: 'No hay reclamos con estos filtros.',
  notFound: 'Reclamo no encontrado.',
  subjectNotFound: 'Paquete o envío no encontrado.',
  kindNotForSubject: 'Este tipo de reclamo no se puede abrir desde aquí.',
  windowClosed: (kind: ClaimKind, days: number) =>
    `El plazo para reclamar «${CLAIM_KIND_LABELS[kind]}» es de ${days} días y ya venció.`,
  windowNotYet: (kind: ClaimKind) =>
    `Todavía no puedes reclamar «${CLAIM_KIND_LABELS[kind]}»: el paquete o envío aún no llega a ese punto.`,
  notInMailboxTooEarly:
    'Solo puedes reclamar un paquete entregado por la tienda 72 horas después de la fecha de entrega del transportista.',
  notInMailboxAlreadyReceived: 'Este paquete ya está en tu casillero: no puedes reclamarlo como no recibido.',
  carrierDateRequired: 'Indica la fecha en que el transportista lo entregó.',
  carrierDateFuture: 'La fecha de entrega del transportista no puede ser futura.',
  carrierProofRequired: 'Adjunta la prueba de entrega del transportista (una foto o captura).',
  alreadyOpen: 'Ya tienes un reclamo abierto de este tipo para este paquete o envío.',
  textRequired: `Cuéntanos qué pasó (al menos ${CLAIM_TEXT_MIN} caracteres).`,
  textMax: `El texto admite hasta ${CLAIM_TEXT_MAX} caracteres.`,
  tooManyPhotos: `Puedes adjuntar hasta ${CLAIM_MAX_PHOTOS} fotos.`,
  photoInvalid: 'Una de las fotos no es válida: súbela de nuevo.',
  notWaitingForYou: 'Este reclamo no espera una respuesta tuya.',
  alreadyDecided: 'Este reclamo ya fue decidido.',
  requestRequired: 'Escribe qué necesitas del cliente (al menos 10 caracteres).',
  reasonRequired: 'Escribe el motivo que leerá el cliente (al menos 10 caracteres).',
  amountRequired: 'Indica el monto a acreditar.',
  /** A payout above what is left of the cap: the desk's amount (docs/product/claims.md#the-cap-across-claims). */
  amountAboveLeft: (left: string, limit: string) =>
    `El monto supera lo disponible: este paquete o envío cubre hasta ${limit} entre todos sus reclamos y quedan ${left}.`,
  /** Nothing left of the cap: opening another claim, or approving one. */
  capSpent: (left: string, limit: string) =>
    `Ya se pagó todo lo que cubre este paquete o envío (${limit} entre todos sus reclamos): quedan ${left}.`,
  weightRequired: 'Indica el peso y las medidas corregidos del paquete.',
  weightNotLower: 'El peso corregido debe cambiar lo facturado a favor del cliente: si no, rechaza la disputa.',
  staffNotFound: 'Esa persona no puede atender reclamos.',
  opened: (code: string) => `Reclamo ${code} abierto. Te avisaremos de cada paso.`,
  answered: 'Respuesta enviada. El reclamo vuelve a revisión.',
  assigned: 'Reclamo asignado.',
  askedForMore: 'Pedido enviado al cliente. El plazo de respuesta queda en pausa.',
  decidedApproved: (amount: string) => `Reclamo aprobado: ${amount} acreditados al cliente.`,
  decidedRejected: 'Reclamo rechazado. El cliente leerá el motivo.',
  weightCorrected: (amount: string) => `Medidas corregidas y ajuste de ${amount} a favor del cliente.`,
  settingsSaved: 'Ajustes de reclamos guardados.',
  overdue: 'Vencido',
  answerBy: 'Responder antes del',
  paused: 'En pausa (esperando al cliente)',
  payoutLimit: 'Máximo a pagar',
  paidOnPackage: 'Pagado en este paquete',
  paidOnShipment: 'Pagado en este envío',
  payoutLeft: 'Disponible',
  /** A parcel in a shipment whose own limit leaves less than the parcel's. */
  shipmentCapBinds: (code: string, limit: string, paid: string) =>
    `El envío ${code} cubre hasta ${limit} entre todos sus reclamos y ya pagó ${paid}.`,
  /** "Aprobar" without an amount: everything that is left of the cap. */
  approvePaysLeft: (left: string) => `Aprobar paga todo lo disponible: ${left}.`,
  /** The customer's photos, as each side reads them. */
  customerPhotos: 'Tus fotos',
  staffPhotos: 'Fotos del cliente',
  insured: 'Asegurado',
  /** A claim on one parcel of an insured shipment: the parcel's share of the insured value. */
  insuredShare: (insured: string, declared: string, shipmentDeclared: string) =>
    `Asegurado: parte del paquete (${declared} de ${shipmentDeclared} declarados) del valor asegurado ${insured}`,
  uninsured: 'Sin seguro',
  evidence: 'Evidencias',
  timeline: 'Historial',
  creditNote: 'El monto aprobado queda como saldo a favor en Facturas y paga tu próxima factura.',
  staffCreditNote: 'El monto aprobado quedó como saldo a favor del cliente y paga sus facturas pendientes.',
} as const;

/** The notification at each step (title, message). */
export const CLAIM_NOTICES = {
  opened: (code: string) => ({
    title: `Reclamo ${code} recibido`,
    message: 'Recibimos tu reclamo. Atención al cliente lo revisará y te responderá.',
  }),
  askedForMore: (code: string) => ({
    title: `Reclamo ${code}: necesitamos algo más`,
    message: 'Atención al cliente te pidió más información. Respóndele desde Reclamos.',
  }),
  assigned: (code: string) => ({
    title: `Reclamo ${code} en revisión`,
    message: 'Una persona de atención al cliente está revisando tu reclamo.',
  }),
  approved: (code: string, amount: string) => ({
    title: `Reclamo ${code} aprobado`,
    message: `Acreditamos ${amount} a tu saldo a favor. Lo verás en Facturas.`,
  }),
  partiallyApproved: (code: string, amount: string) => ({
    title: `Reclamo ${code} aprobado en parte`,
    message: `Acreditamos ${amount} a tu saldo a favor. Lo verás en Facturas.`,
  }),
  rejected: (code: string) => ({
    title: `Reclamo ${code} rechazado`,
    message: 'Revisamos tu reclamo y no pudimos aprobarlo. Lee el motivo en Reclamos.',
  }),
} as const;

/** What each step of a claim's history says. */
export const CLAIM_EVENT_LABELS = {
  opened: 'Reclamo abierto',
  assigned: 'Asignado',
  asked: 'Atención al cliente pidió más información',
  answered: 'El cliente respondió',
  approved: 'Aprobado',
  partially_approved: 'Aprobado en parte',
  rejected: 'Rechazado',
} as const;
export type ClaimEventKind = keyof typeof CLAIM_EVENT_LABELS;

/** The ledger entry's description of a claim's payout. */
export const claimCreditDescription = (code: string) => `Reclamo ${code}: compensación (saldo a favor)`;
export const claimWeightAdjustmentDescription = (code: string, wr: string) =>
  `Reclamo ${code}: ajuste por peso corregido del paquete ${wr}`;
