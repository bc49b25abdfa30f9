// The trackings panel's e-mails (docs/product/admin-trackings.md#e-mails): a new tracking (client and
// admins), a status update (client: colour, message, next step) and a repack request (client
// and admins, with the priority marker). Spanish HTML with a plain-text part.
import {
  PRIORITY_LABELS,
  TRACKING_CLIENT_MESSAGES,
  TRACKING_STATUS_COLORS,
  TRACKING_STATUS_LABELS,
  formatUsdFromCents,
  type Priority,
  type TrackingStatus,
  formatKg,
} from '@casillero/shared';
import { layout, type EmailMessage } from './templates';

/** Where the customer follows their trackings. */
export const CUSTOMER_TRACKINGS_PATH = '/dashboard/mis-trackings';
export const ADMIN_TRACKINGS_PATH = '/admin/trackings';

const GREY = '#868e96';
const STATUS_EMOJI: Record<TrackingStatus, string> = {
  created: '📦',
  in_transit: '🚚',
  arrived: '🏢',
  in_warehouse: '🏬',
  needs_reempaque: '🔧',
  reempacado: '✅',
  ready_to_ship: '🚀',
  shipped: '✈️',
  delivered: '🎉',
  problem: '⚠️',
};

const PRIORITY_COLORS: Record<Priority, string> = { low: GREY, medium: '#1c7ed6', high: '#e03131' };

/** The status colour of the e-mails, grey for anything unknown (docs/product/admin-trackings.md#status-colours). */
export const statusColor = (status: string) => TRACKING_STATUS_COLORS[status as TrackingStatus] ?? GREY;

/** "[PRIORIDAD ALTA] " in front of a subject for high priority; the body always says the priority. */
export function priorityMarker(priority: Priority): string {
  return priority === 'high' ? `[PRIORIDAD ${PRIORITY_LABELS.high.toUpperCase()}] ` : '';
}

export type TrackingMailFacts = {
  trackingNumber: string;
  clientName: string;
  clientEmail: string;
  mailboxCode: string;
  carrier: string;
  description: string;
  estimatedWeight: number;
  estimatedValueUsdCents: number;
  priority: Priority;
};

const url = (appUrl: string, path: string) => `${appUrl}${path}`;

export function newTrackingClientEmail(t: TrackingMailFacts, appUrl: string): EmailMessage {
  const { html, text } = layout({
    title: `${STATUS_EMOJI.created} Registramos tu paquete ${t.trackingNumber}`,
    highlight: { label: TRACKING_STATUS_LABELS.created, color: statusColor('created') },
    paragraphs: [
      `Hola ${t.clientName},`,
      `Registramos en tu casillero ${t.mailboxCode} el paquete con tracking ${t.trackingNumber} (${t.carrier}): ${t.description}.`,
      `Peso estimado: ${formatKg(t.estimatedWeight)} · Valor estimado: ${formatUsdFromCents(t.estimatedValueUsdCents)}.`,
      `Próximo paso: ${TRACKING_CLIENT_MESSAGES.created}`,
    ],
    action: { label: 'Ver mis trackings', url: url(appUrl, CUSTOMER_TRACKINGS_PATH) },
  });
  return { template: 'tracking-created', subject: `Nuevo paquete registrado: ${t.trackingNumber}`, html, text };
}

export function newTrackingAdminEmail(t: TrackingMailFacts, appUrl: string): EmailMessage {
  const { html, text } = layout({
    title: `Nuevo tracking ${t.trackingNumber}`,
    highlight: { label: `Prioridad ${PRIORITY_LABELS[t.priority]}`, color: PRIORITY_COLORS[t.priority] },
    paragraphs: [
      `Cliente: ${t.clientName} (${t.clientEmail}) · Casillero ${t.mailboxCode}.`,
      `Transportista: ${t.carrier} · ${t.description}.`,
      `Peso estimado: ${formatKg(t.estimatedWeight)} · Valor estimado: ${formatUsdFromCents(t.estimatedValueUsdCents)}.`,
    ],
    action: { label: 'Abrir el panel de trackings', url: url(appUrl, ADMIN_TRACKINGS_PATH) },
  });
  return {
    template: 'tracking-created-admin',
    subject: `${priorityMarker(t.priority)}Nuevo tracking ${t.trackingNumber} · ${t.clientName}`,
    html,
    text,
  };
}

export function trackingStatusEmail(
  t: { trackingNumber: string; clientName: string; status: TrackingStatus; message: string | null },
  appUrl: string,
): EmailMessage {
  const label = TRACKING_STATUS_LABELS[t.status];
  const { html, text } = layout({
    title: `${STATUS_EMOJI[t.status]} Tu paquete ${t.trackingNumber}: ${label}`,
    highlight: { label, color: statusColor(t.status) },
    paragraphs: [
      `Hola ${t.clientName},`,
      `El estado de tu paquete ${t.trackingNumber} cambió a «${label}».`,
      ...(t.message ? [`Mensaje del equipo: ${t.message}`] : []),
      `Próximo paso: ${TRACKING_CLIENT_MESSAGES[t.status]}`,
    ],
    action: { label: 'Ver mis trackings', url: url(appUrl, CUSTOMER_TRACKINGS_PATH) },
  });
  return {
    template: 'tracking-status',
    subject: `${STATUS_EMOJI[t.status]} ${t.trackingNumber}: ${label}`,
    html,
    text,
  };
}

export function repackClientEmail(t: TrackingMailFacts & { reason: string }, appUrl: string): EmailMessage {
  const { html, text } = layout({
    title: `${STATUS_EMOJI.needs_reempaque} Tu paquete ${t.trackingNumber} necesita reempaque`,
    highlight: { label: `Prioridad ${PRIORITY_LABELS[t.priority]}`, color: PRIORITY_COLORS[t.priority] },
    paragraphs: [
      `Hola ${t.clientName},`,
      `Solicitamos el reempaque de tu paquete ${t.trackingNumber}. Motivo: ${t.reason}`,
      `Próximo paso: ${TRACKING_CLIENT_MESSAGES.needs_reempaque}`,
    ],
    action: { label: 'Ver mis trackings', url: url(appUrl, CUSTOMER_TRACKINGS_PATH) },
  });
  return {
    template: 'tracking-repack',
    subject: `${priorityMarker(t.priority)}Reempaque de tu paquete ${t.trackingNumber}`,
    html,
    text,
  };
}

export function repackAdminEmail(t: TrackingMailFacts & { reason: string }, appUrl: string): EmailMessage {
  const { html, text } = layout({
    title: `Reempaque solicitado: ${t.trackingNumber}`,
    highlight: { label: `Prioridad ${PRIORITY_LABELS[t.priority]}`, color: PRIORITY_COLORS[t.priority] },
    paragraphs: [
      `Cliente: ${t.clientName} (${t.clientEmail}) · Casillero ${t.mailboxCode}.`,
      `Motivo: ${t.reason}`,
      `Transportista: ${t.carrier} · ${t.description}.`,
    ],
    action: { label: 'Abrir el panel de trackings', url: url(appUrl, ADMIN_TRACKINGS_PATH) },
  });
  return {
    template: 'tracking-repack-admin',
    subject: `${priorityMarker(t.priority)}Reempaque solicitado: ${t.trackingNumber} · ${t.clientName}`,
    html,
    text,
  };
}
