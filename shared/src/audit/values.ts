// The audit log's recorded values in words people read (docs/product/staff-and-audit.md#audit-log):
// values through the labels of their statuses, and times on Caracas's clock.
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
} from '../labels';
import { formatUsdCents, formatVesCentimos } from '../billing/money';
import { formatDecimal, formatKg } from '../format';
import { USER_ROLE_LABELS } from '../permissions';
import { COMPRA_STATUS_LABELS } from '../compras/labels';
import { CLAIM_STATUS_LABELS } from '../claims/claims';

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
  purchase_requests: COMPRA_STATUS_LABELS,
  claims: CLAIM_STATUS_LABELS,
};

/** Labels of fields whose values are the same kind in every table. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  role: USER_ROLE_LABELS,
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

/**
 * A recorded value in words: statuses and roles by their labels, yes/no, times in Caracas, numbers
 * as es-VE writes them, and an id by the name of what it points at (`names`, from the server:
 * 'María González', 'SH2026000123').
 */
export function auditValueText(
  entity: string,
  field: string,
  value: unknown,
  names: Readonly<Record<string, string>> = {},
): string {
  if (value === undefined) return '—';
  if (value === null || value === '') return 'vacío';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  // Money is recorded in integer cents (docs/decisions/005) and read as money.
  if (typeof value === 'number' && field.endsWith('_usd_cents')) return formatUsdCents(value);
  if (typeof value === 'number' && field.endsWith('_ves_cents')) return formatVesCentimos(value);
  if (typeof value === 'number' && field.endsWith('_kg')) return formatKg(value);
  // A year or a number that names something (a version, a sequence) is not a quantity: no grouping.
  if (typeof value === 'number' && /(^|_)(year|number|sequence)$/.test(field)) return String(value);
  // An exchange rate keeps 4 decimals (263,1575); a count none.
  if (typeof value === 'number') return formatDecimal(value, { decimals: 4 });
  if (typeof value === 'string') {
    const named = names[value.toLowerCase()];
    if (named) return named;
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
