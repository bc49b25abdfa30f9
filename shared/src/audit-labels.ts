// The audit log in words people read (docs/product/staff-and-audit.md#audit-log): each action
// (the procedure that made the change) and each field in Spanish, values through the labels of
// their statuses, and times on Caracas's clock.
import {
  MAILBOX_COUNTRY_LABELS,
  MAILBOX_STATUS_LABELS,
  NOTIFICATION_TYPE_LABELS,
  PACKAGE_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_TYPE_LABELS,
  PREALERT_STATUS_LABELS,
  PRIORITY_LABELS,
  REPACK_STATUS_LABELS,
  SHIPMENT_STAGE_STATUS_LABELS,
  SHIPMENT_STATUS_LABELS,
  SHIPPING_METHOD_LABELS,
  TRACKING_STATUS_LABELS,
} from './labels';
import { STAFF_ROLE_LABELS } from './permissions';

/** What each staff procedure (and a staff sign-in) did, as the log says it. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'auth.signIn': 'Inició sesión',
  'trackings.create': 'Creó un tracking',
  'trackings.updateStatus': 'Cambió el estado de un tracking',
  'trackings.requestRepack': 'Pidió reempaque de un tracking',
  'prealerts.confirm': 'Confirmó una pre-alerta',
  'prealerts.edit': 'Editó una pre-alerta',
  'prealerts.convert': 'Convirtió una pre-alerta en paquete',
  'mailboxes.createForClient': 'Creó un casillero',
  'mailboxes.setStatus': 'Activó o desactivó un casillero',
  'packages.create': 'Creó un paquete',
  'packages.update': 'Editó un paquete',
  'packages.updateStatus': 'Cambió el estado de un paquete',
  'packages.receive': 'Recibió un paquete',
  'packages.delete': 'Eliminó un paquete',
  'shipments.create': 'Creó un envío',
  'shipments.updateStatus': 'Cambió el estado de un envío',
  'shipments.update': 'Editó un envío',
  'shipments.remove': 'Eliminó un envío',
  'shipments.postNews': 'Publicó una novedad de envío',
  'payments.review': 'Revisó un pago',
  'notifications.send': 'Envió una notificación',
  'notifications.remove': 'Eliminó una notificación',
  'repacks.process': 'Procesó un reempaque',
  'repacks.markShipped': 'Marcó enviado un reempaque',
  'clients.update': 'Editó los datos de un cliente',
  'staff.invite': 'Invitó a una persona del personal',
  'staff.revokeInvitation': 'Anuló una invitación',
  'staff.setRole': 'Cambió el rol de una persona',
  'staff.deactivate': 'Desactivó el acceso de una persona',
  'staff.reactivate': 'Reactivó el acceso de una persona',
  'reception.receive': 'Recibió un paquete en recepción',
  'reception.assign': 'Asignó un paquete sin dueño',
  'parcelImports.applyFile': 'Importó un manifiesto',
  'storage.updateSettings': 'Cambió las reglas de almacenaje',
  'billing.issue': 'Emitió una factura',
  'billing.recordEntry': 'Registró un movimiento de cuenta',
  'billing.decideCorrection': 'Decidió una corrección de cuenta',
  'exchangeRates.record': 'Registró una tasa de cambio',
  'paymentMethods.create': 'Creó un método de pago',
  'paymentMethods.update': 'Editó un método de pago',
  'reconciliation.upload': 'Cargó un estado de cuenta',
  'reconciliation.approveMatched': 'Aprobó los pagos conciliados',
  'reconciliation.approveLine': 'Aprobó un pago de la conciliación',
  'storage.remindNow': 'Recordó al cliente su almacenaje',
  'departures.create': 'Creó un despacho',
  'departures.update': 'Editó un despacho',
  'departures.scan': 'Escaneó un envío en un despacho',
  'departures.addShipment': 'Agregó un envío a un despacho',
  'departures.removeShipment': 'Quitó un envío de un despacho',
  'departures.close': 'Cerró un despacho',
  'departures.recordMilestone': 'Registró un hito de despacho',
  'departures.postNews': 'Publicó una novedad de despacho',
  'departures.checkDelays': 'Revisó los retrasos de los despachos',
  'departures.saveTemplate': 'Editó la plantilla de hitos',
};

/** The action in words; an action the table does not know yet shows as it was recorded. */
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/** Every field the audited tables hold, in Spanish. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  accepted_at: 'Aceptada el',
  active: 'Activo',
  actual_delivery: 'Entrega real',
  actual_on: 'Fecha real',
  actual_weight: 'Peso real',
  address_line_1: 'Dirección',
  address_line_2: 'Dirección (línea 2)',
  amount_spent: 'Monto gastado',
  amount_usd: 'Monto (USD)',
  amount_ves: 'Monto (Bs.)',
  approved_at: 'Aprobado el',
  arrival_port: 'Puerto o aeropuerto de llegada',
  carrier: 'Transportista',
  cedula: 'Cédula',
  city: 'Ciudad',
  claimed_at: 'Asignado el',
  claimed_by: 'Asignado por',
  closed_at: 'Cerrado el',
  code: 'Código',
  concept: 'Concepto',
  container_number: 'Número de contenedor',
  converted_at: 'Convertida el',
  converted_package_id: 'Paquete creado',
  country: 'País',
  created_at: 'Creado el',
  created_by: 'Creado por',
  currency: 'Moneda',
  customer_id_number: 'Cédula del cliente',
  customer_name: 'Nombre del cliente',
  cutoff_on: 'Cierre de recepción',
  deactivated_at: 'Desactivado el',
  decided_at: 'Decidido el',
  decided_by: 'Decidido por',
  dedupe_key: 'Clave única',
  delayed_since: 'Retrasado desde',
  delayed_to: 'Nueva fecha estimada',
  delivery_address: 'Dirección de entrega',
  delivery_city: 'Ciudad de entrega',
  delivery_state: 'Estado de entrega',
  departure_id: 'Despacho',
  description: 'Descripción',
  details: 'Detalles',
  dimensions_cm: 'Medidas (cm)',
  dispatch_authorized_at: 'Despacho autorizado el',
  email: 'Correo',
  email_notifications: 'Avisos por correo',
  email_verified_at: 'Correo verificado el',
  estado_tracking: 'Estado del tracking',
  estimated_days: 'Días estimados',
  estimated_delivery: 'Entrega estimada',
  estimated_value: 'Valor estimado',
  estimated_value_usd: 'Valor estimado (USD)',
  estimated_weight: 'Peso estimado',
  exchange_rate_id: 'Tasa de cambio',
  expires_at: 'Vence el',
  file_id: 'Archivo',
  file_name: 'Nombre del archivo',
  file_sha256: 'Huella del archivo',
  full_name: 'Nombre completo',
  id: 'Identificador',
  import_id: 'Importación',
  instructions: 'Instrucciones',
  intake_id: 'Recepción',
  invited_by: 'Invitado por',
  invoice_file_id: 'Factura de compra',
  invoice_id: 'Factura',
  issue_date: 'Fecha de emisión',
  kind: 'Tipo',
  label: 'Nombre',
  last_active_at: 'Última actividad',
  last_sign_in_at: 'Último inicio de sesión',
  ledger_entry_id: 'Movimiento de cuenta',
  line_count: 'Líneas',
  line_number: 'Línea',
  lines: 'Líneas',
  link: 'Enlace',
  location: 'Ubicación',
  mailbox_code: 'Código de casillero',
  mailbox_code_read: 'Código de casillero leído',
  mailbox_id: 'Casillero',
  master_ref: 'Guía madre (MAWB o BL)',
  message: 'Mensaje',
  metadata: 'Datos adicionales',
  mode: 'Modalidad',
  movement_date: 'Fecha del movimiento',
  name: 'Nombre',
  needs_reempaque: 'Necesita reempaque',
  new_line_count: 'Líneas nuevas',
  notes: 'Notas',
  number: 'Número',
  open: 'Abierto',
  origin: 'Origen',
  origin_country: 'País de origen',
  package_description: 'Descripción del paquete',
  package_id: 'Paquete',
  password_hash: 'Contraseña',
  payment_id: 'Pago',
  payment_method: 'Método de pago',
  payment_method_id: 'Método de pago',
  payment_reference: 'Referencia de pago',
  phone: 'Teléfono',
  photo_file_id: 'Foto',
  planned_arrival: 'Llegada prevista',
  planned_basis: 'Base de la fecha prevista',
  planned_departure: 'Salida prevista',
  planned_on: 'Fecha prevista',
  position: 'Posición',
  postal_code: 'Código postal',
  prealert_id: 'Pre-alerta',
  priority: 'Prioridad',
  processed_at: 'Procesado el',
  processed_by: 'Procesado por',
  quantity_items: 'Cantidad de artículos',
  rate_date: 'Fecha de la tasa',
  read: 'Leída',
  reason: 'Motivo',
  receipt_file_id: 'Comprobante',
  received_at: 'Recibido el',
  received_by: 'Recibido por',
  received_count: 'Recibidos',
  received_date: 'Fecha de recepción',
  recipient_count: 'Destinatarios',
  recorded_at: 'Registrado el',
  recorded_by: 'Registrado por',
  reempaque_reason: 'Motivo del reempaque',
  reference: 'Referencia',
  reference_key: 'Referencia normalizada',
  repack_request_id: 'Reempaque',
  reported_at: 'Reportado el',
  requested_by: 'Pedido por',
  revoked_at: 'Anulada el',
  role: 'Rol',
  row_count: 'Filas',
  sender_name: 'Remitente',
  sequence: 'Secuencia',
  shipment_code: 'Código de envío',
  shipment_id: 'Envío',
  shipped_at: 'Enviado el',
  shipping_cost_usd: 'Costo de envío (USD)',
  shipping_method: 'Método de envío',
  skipped_count: 'Omitidos',
  sort_order: 'Orden',
  source: 'Origen',
  stage_name: 'Etapa',
  stage_number: 'Número de etapa',
  state: 'Estado (región)',
  statement_id: 'Estado de cuenta',
  status: 'Estado',
  thumb_file_id: 'Miniatura',
  title: 'Título',
  total_volume_cm3: 'Volumen total (cm³)',
  total_weight_kg: 'Peso total (kg)',
  tracking_id: 'Tracking',
  tracking_key: 'Tracking normalizado',
  tracking_number: 'Número de tracking',
  transaction_type: 'Tipo de pago',
  type: 'Tipo',
  typical_days: 'Días típicos',
  unclaimed_count: 'Sin dueño',
  updated_at: 'Actualizado el',
  uploaded_by: 'Subido por',
  usd_cents: 'Monto (centavos de USD)',
  user_id: 'Cliente',
  venezuela_address: 'Dirección en Venezuela',
  venezuela_city: 'Ciudad en Venezuela',
  venezuela_state: 'Estado en Venezuela',
  ves_centimos: 'Monto (céntimos de Bs.)',
  ves_per_usd: 'Bs. por USD',
  voided_at: 'Anulada el',
  voyage: 'Vuelo o viaje',
  warehouse_location: 'Ubicación en el almacén',
  warehouse_receipt: 'Recibo de almacén (WR)',
  weight_kg: 'Peso (kg)',
  year: 'Año',
};

/** The field in words; a field the table does not know yet shows as it was recorded. */
export const auditFieldLabel = (field: string) => AUDIT_FIELD_LABELS[field] ?? field;

/** The labels of each table's status column. */
const STATUS_LABELS: Record<string, Record<string, string>> = {
  trackings: TRACKING_STATUS_LABELS,
  prealerts: PREALERT_STATUS_LABELS,
  packages: PACKAGE_STATUS_LABELS,
  shipments: SHIPMENT_STATUS_LABELS,
  shipment_stages: SHIPMENT_STAGE_STATUS_LABELS,
  payment_transactions: PAYMENT_STATUS_LABELS,
  mailboxes: MAILBOX_STATUS_LABELS,
  repack_requests: REPACK_STATUS_LABELS,
};

/** Labels of fields whose values are the same kind in every table. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  role: { ...STAFF_ROLE_LABELS, user: 'Cliente' },
  country: MAILBOX_COUNTRY_LABELS,
  priority: PRIORITY_LABELS,
  shipping_method: SHIPPING_METHOD_LABELS,
  transaction_type: PAYMENT_TYPE_LABELS,
};

const CARACAS = 'America/Caracas';
let caracasFmt: Intl.DateTimeFormat | undefined;
/**
 * A moment on Caracas's clock, whatever the browser's time zone: `27/11/2026 08:37` (the log is
 * read by staff in Venezuela about a business that runs on Caracas's time).
 */
export function formatCaracasDateTime(d: string | Date): string {
  caracasFmt ??= new Intl.DateTimeFormat('es-VE', {
    timeZone: CARACAS,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(caracasFmt.formatToParts(new Date(d)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/;

/** A recorded value in words: statuses and roles by their labels, yes/no, times in Caracas. */
export function auditValueText(entity: string, field: string, value: unknown): string {
  if (value === undefined) return '—';
  if (value === null || value === '') return 'vacío';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'string') {
    const labels: Record<string, string> | undefined =
      field === 'status'
        ? STATUS_LABELS[entity]
        : field === 'type' && entity === 'notifications'
          ? (NOTIFICATION_TYPE_LABELS as Record<string, string>)
          : VALUE_LABELS[field];
    const label = labels?.[value];
    if (label) return label;
    if (TIMESTAMP.test(value)) return formatCaracasDateTime(value);
    const day = DAY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
    return value;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
