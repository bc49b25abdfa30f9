// Web push (docs/decisions/037-web-push.md): the texts of Configuración's "Avisos en este
// dispositivo" and the subscription a browser hands the server.
import { z } from '../zod-es';

export const PUSH_MESSAGES = {
  title: 'Avisos en este dispositivo',
  hint: 'Recibe tus avisos como notificación del teléfono o la computadora, aunque la app esté cerrada. Funciona en Android y en computadoras; en iPhone, solo con la app agregada a la pantalla de inicio.',
  enable: 'Activar avisos en este dispositivo',
  disable: 'Desactivar en este dispositivo',
  enabled: 'Listo: este dispositivo recibirá tus avisos.',
  disabled: 'Este dispositivo ya no recibirá avisos.',
  enabledHere: 'Este dispositivo recibe tus avisos.',
  unsupported:
    'Este navegador no puede recibir avisos. En iPhone, agrega la app a tu pantalla de inicio (Compartir → Agregar a inicio) y actívalos desde ahí.',
  denied:
    'Bloqueaste las notificaciones de este sitio en el navegador. Permítelas en los ajustes del sitio y vuelve a intentarlo.',
  unavailable: 'Los avisos en el dispositivo no están disponibles en este momento.',
  devices: (n: number) =>
    n === 0
      ? 'Ningún dispositivo recibe tus avisos todavía.'
      : `${n} ${n === 1 ? 'dispositivo recibe' : 'dispositivos reciben'} tus avisos.`,
  needsDevice: 'Para elegir avisos en el dispositivo, actívalos en uno arriba.',
  endpointRefused: 'Este servicio de notificaciones no es uno que conozcamos. Prueba con otro navegador.',
  notFound: 'Ese dispositivo no está entre los tuyos.',
} as const;

/** The known push services' hosts (an endpoint elsewhere is refused: the server would POST there). */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
] as const;

const base64url = z
  .string()
  .min(8)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+=*$/, PUSH_MESSAGES.endpointRefused);

/** What PushSubscription.toJSON() gives, plus how the customer will recognise the device. */
export const pushSubscribeInput = z.object({
  endpoint: z.url({ error: PUSH_MESSAGES.endpointRefused }).max(1000, PUSH_MESSAGES.endpointRefused),
  keys: z.object({ p256dh: base64url, auth: base64url }),
  device: z.string().trim().max(80).default(''),
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeInput>;

export const pushUnsubscribeInput = z.object({ endpoint: z.string().max(1000) });

/** What the service worker shows (client/scripts/sw-push.js reads these fields); `url` is where a tap opens. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** Where a notice without its own link leads. */
export const PUSH_DEFAULT_LINK = '/dashboard/notificaciones';
