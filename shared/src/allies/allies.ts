// Allies (aliados, docs/product/allies.md): messages, limits, the adjusted price and the inputs
// shared by the admin's and the ally's forms and procedures.
import { z } from '../zod-es';
import { emailSchema, fullNameSchema, casilleroTypeSchema } from '../schemas/auth';
import { CEDULA_MESSAGE, CEDULA_PATTERN, filterPhone } from '../schemas/profile';
import { formatPercent } from '../format';

/** An ally's price adjustment, in basis points (100 bp = 1 %): from a 50 % discount to a 100 % markup. */
export const ALLY_ADJUSTMENT_MIN_BP = -5000;
export const ALLY_ADJUSTMENT_MAX_BP = 10000;
export const ALLY_PREFIX_PATTERN = /^[A-Z]{2,4}$/;

/**
 * The price an ally's customer pays: `cents` × (1 + bp / 10 000), in whole cents, rounded half
 * away from zero. Integer arithmetic only, so no binary fraction decides a cent.
 */
export function adjustByBasisPoints(cents: number, bp: number): number {
  const scaled = cents * (10_000 + bp);
  const sign = scaled < 0 ? -1 : 1;
  const abs = Math.abs(scaled);
  const whole = Math.floor(abs / 10_000);
  return sign * (abs - whole * 10_000 >= 5_000 ? whole + 1 : whole);
}

/** The adjustment in words: '−10 %' (discount), '+15 %' (markup), 'Sin ajuste'. */
export function formatAllyAdjustment(bp: number): string {
  if (bp === 0) return ALLY_MESSAGES.noAdjustment;
  return `${bp < 0 ? '−' : '+'}${formatPercent(Math.abs(bp) / 100, Math.abs(bp) % 100 === 0 ? 0 : 2)}`;
}

export const ALLY_MESSAGES = {
  title: 'Aliados',
  portalTitle: 'Portal de aliado',
  intro:
    'Tiendas y agentes que venden casilleros a sus propios clientes. Cada aliado entra con su usuario, ve solo a sus clientes y paga el precio vigente con su ajuste.',
  name: 'Nombre',
  prefix: 'Prefijo',
  prefixHint: 'De 2 a 4 letras mayúsculas. Los casilleros de sus clientes empiezan así: AB-MV-19487-01234.',
  adjustment: 'Ajuste de precio (%)',
  adjustmentHint: 'Negativo es descuento y positivo es recargo, sobre el flete del precio vigente (de −50 % a +100 %).',
  contactEmail: 'Correo del aliado',
  contactEmailHint: 'Le enviamos una invitación para que cree su contraseña y entre a su portal.',
  active: 'Activo',
  inactive: 'Inactivo',
  status: 'Estado',
  customers: 'Clientes',
  noAdjustment: 'Sin ajuste',
  create: 'Crear aliado',
  created: (name: string, email: string) => `Aliado ${name} creado. Enviamos la invitación a ${email}.`,
  edit: 'Editar ajuste',
  updated: 'Ajuste guardado.',
  deactivate: 'Desactivar',
  reactivate: 'Reactivar',
  deactivated: 'Aliado desactivado: su usuario ya no puede entrar.',
  reactivated: 'Aliado reactivado.',
  empty: 'Aún no hay aliados.',
  nameRequired: 'Escribe el nombre del aliado.',
  prefixFormat: 'El prefijo debe tener de 2 a 4 letras mayúsculas (por ejemplo, AB).',
  prefixTaken: 'Ese prefijo ya lo usa otro aliado.',
  adjustmentRange: 'El ajuste debe estar entre −50 % y +100 %.',
  adjustmentStep: 'El ajuste admite hasta dos decimales.',
  emailTaken: 'Ese correo ya tiene una cuenta. Usa otro para el aliado.',
  notFound: 'No encontramos ese aliado.',
  notAnAlly: 'Esta cuenta no es de un aliado.',
  inactiveAlly: 'Este aliado está desactivado. Escribe al administrador.',
  byAllies: 'El rol Aliado se da creando el aliado en Aliados.',
  // The portal.
  myCustomers: 'Mis clientes',
  prealerts: 'Prealertas',
  parcels: 'Paquetes',
  shipments: 'Envíos',
  statement: 'Estado de cuenta',
  newCustomer: 'Nuevo cliente',
  customerName: 'Nombre completo',
  customerEmail: 'Correo',
  customerPhone: 'Teléfono',
  customerCedula: 'Cédula',
  customerType: 'Casillero',
  customerCreated: (code: string) =>
    `Cliente creado con el casillero ${code}. Le enviamos un correo para que cree su contraseña.`,
  customerEmailTaken: 'Ese correo ya tiene una cuenta.',
  noCustomers: 'Aún no tienes clientes. Crea el primero.',
  noPrealerts: 'Tus clientes aún no tienen prealertas.',
  noParcels: 'Tus clientes aún no tienen paquetes.',
  noShipments: 'Tus clientes aún no tienen envíos.',
  mailboxes: 'Casilleros',
  since: 'Cliente desde',
  month: 'Mes',
  monthFormat: 'Elige un mes (AAAA-MM).',
  statementEmpty: 'Ningún envío de tus clientes en ese mes.',
  downloadPdf: 'Descargar PDF',
  total: 'Total',
  shipmentsCount: 'Envíos',
  priceNote: (adjustment: string) => `Precios con tu ajuste: ${adjustment}.`,
  apiKeys: 'Claves de API',
  apiKeysIntro:
    'Para que tu sistema lea las prealertas, paquetes, envíos y facturas de tus clientes, y cree prealertas para ellos con una clave de lectura y escritura. Cada llamada dice de qué cliente es con su código de casillero; nunca responde por clientes que no son tuyos.',
} as const;

/** The admin's new ally: its data and its login's e-mail (the invitation goes there). */
export const allyCreateInput = z.object({
  name: z.string({ error: ALLY_MESSAGES.nameRequired }).trim().min(2, ALLY_MESSAGES.nameRequired).max(120),
  prefix: z
    .string({ error: ALLY_MESSAGES.prefixFormat })
    .trim()
    .transform((s) => s.toUpperCase())
    .refine((s) => ALLY_PREFIX_PATTERN.test(s), ALLY_MESSAGES.prefixFormat),
  priceAdjustmentBp: z
    .number({ error: ALLY_MESSAGES.adjustmentRange })
    .int(ALLY_MESSAGES.adjustmentStep)
    .min(ALLY_ADJUSTMENT_MIN_BP, ALLY_MESSAGES.adjustmentRange)
    .max(ALLY_ADJUSTMENT_MAX_BP, ALLY_MESSAGES.adjustmentRange),
  contactEmail: emailSchema,
});
export type AllyCreateInput = z.input<typeof allyCreateInput>;

export const allyIdInput = z.object({ id: z.uuid(ALLY_MESSAGES.notFound) });
export const allyUpdateInput = allyIdInput.extend({ priceAdjustmentBp: allyCreateInput.shape.priceAdjustmentBp });
export const allySetActiveInput = allyIdInput.extend({ active: z.boolean() });

/** An ally's new customer: a user with a mailbox whose code carries the ally's prefix. */
export const allyCustomerCreateInput = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  phone: z
    .string()
    .nullish()
    .transform((s) => (s == null ? null : filterPhone(s).trim() || null)),
  cedula: z
    .string()
    .nullish()
    .transform((s) => (s == null ? null : s.trim() || null))
    .refine((s) => s === null || CEDULA_PATTERN.test(s), CEDULA_MESSAGE)
    .transform((s) => (s === null ? null : `${s[0]!.toUpperCase()}-${s.replace(/^[A-Za-z]-?/, '')}`)),
  type: casilleroTypeSchema.default('usa'),
});
export type AllyCustomerCreateInput = z.input<typeof allyCustomerCreateInput>;

/** A month as YYYY-MM (the statement's). */
export const allyMonthSchema = z
  .string({ error: ALLY_MESSAGES.monthFormat })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, ALLY_MESSAGES.monthFormat)
  .refine((s) => s >= '2000-01' && s <= '2999-12', ALLY_MESSAGES.monthFormat);
export const allyStatementInput = z.object({ month: allyMonthSchema });

/** The portal's lists: a page of at most 100 rows, newest first. */
export const allyListInput = z.object({ page: z.number().int().min(1).max(10_000).default(1) }).default({ page: 1 });
export const ALLY_PAGE_SIZE = 50;

/** The statement's columns (the CSV's and the PDF's), in order. */
export const ALLY_STATEMENT_HEADERS = [
  'Fecha',
  'Envío',
  'Cliente',
  'Casillero',
  'Método',
  'Peso (kg)',
  'Flete y almacenaje (USD)',
  'Entrega (USD)',
  'Total (USD)',
] as const;

/** The statement's download: GET /api/aliado/estado-de-cuenta/2026-11.csv (or .pdf). */
export const allyStatementPath = (month: string, format: 'xlsx' | 'csv' | 'pdf') =>
  `/api/aliado/estado-de-cuenta/${month}.${format}`;
