// Deliveries of the WhatsApp Business Cloud API's webhook, in the shapes Meta's documentation
// publishes for its "messages" field (a text, a tapped reply button or list row, an image, a
// document, a reaction), signed as Meta signs them: X-Hub-Signature-256 = "sha256=" + the hex
// HMAC-SHA256 of the body with the app's secret. No network: the tests post them with inject.
import { createHmac } from 'node:crypto';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { whatsappOutbox } from '../db/schema';
import { testConfig, type Config } from '../env';
import { WHATSAPP_TEMPLATES } from '../messaging/whatsapp-templates';
import type { InboundWhatsappMessage } from '../messaging/whatsapp-webhook';
import { answerNextMessages } from '../services/whatsapp-desk/answer';
import { storeWhatsappMessages } from '../services/whatsapp-desk/receive';
import type { DeskWorker } from '../services/whatsapp-desk/worker';
import { newVisitor, TEST_APP_URL } from './caller';
import { signedInCustomer } from './factories';
import { tempStorageDir } from './files';

export const TEST_APP_SECRET = 'secreto-de-la-app-de-meta';
export const TEST_VERIFY_TOKEN = 'token-de-verificacion';

/**
 * A test server's configuration whose desk takes the signed deliveries below; given the fake
 * Graph API's settings (test/whatsapp-media.ts), it downloads from it too, into a storage of its own.
 */
export function deskTestConfig(media?: Config['whatsapp']): Config {
  return testConfig({
    appUrl: TEST_APP_URL,
    whatsappWebhook: { verifyToken: TEST_VERIFY_TOKEN, appSecret: TEST_APP_SECRET },
    ...(media ? { storageDir: tempStorageDir(), whatsapp: media } : {}),
  });
}
const BUSINESS_NUMBER = { display_phone_number: '584120000000', phone_number_id: '106540352242922' };

let serial = 0;
/** A message id as WhatsApp writes them (wamid. and base64). */
export const wamid = () =>
  `wamid.HBgMNTg0MTQxMjM0NTY3FQIAEhgg${Buffer.from(`prueba-${Date.now()}-${++serial}`).toString('base64')}`;

type MessageBody =
  | { type: 'text'; text: { body: string } }
  | { type: 'interactive'; interactive: { type: 'button_reply'; button_reply: { id: string; title: string } } }
  | {
      type: 'interactive';
      interactive: { type: 'list_reply'; list_reply: { id: string; title: string; description?: string } };
    }
  | { type: 'button'; button: { text: string; payload: string } }
  | { type: 'image'; image: { caption?: string; mime_type: string; sha256: string; id: string } }
  | {
      type: 'document';
      document: { caption?: string; filename: string; mime_type: string; sha256: string; id: string };
    }
  | { type: 'reaction'; reaction: { message_id: string; emoji: string } };

export const text = (body: string): MessageBody => ({ type: 'text', text: { body } });
export const buttonReply = (id: string, title: string): MessageBody => ({
  type: 'interactive',
  interactive: { type: 'button_reply', button_reply: { id, title } },
});
export const listReply = (id: string, title: string): MessageBody => ({
  type: 'interactive',
  interactive: { type: 'list_reply', list_reply: { id, title, description: '' } },
});
export const image = (caption?: string): MessageBody => ({
  type: 'image',
  image: { caption, mime_type: 'image/jpeg', sha256: 'aW1hZ2VuLWRlLXBydWViYQ==', id: '1479537139650973' },
});
export const pdfDocument = (filename: string): MessageBody => ({
  type: 'document',
  document: { filename, mime_type: 'application/pdf', sha256: 'ZG9jdW1lbnRvLWRlLXBydWViYQ==', id: '2734009273628121' },
});

export type InboundFixture = { from: string; body: MessageBody; id?: string; at?: Date; name?: string };

/** A webhook body with these messages (a phone in E.164; WhatsApp writes its digits without the +). */
export function messagesDelivery(messages: InboundFixture[]) {
  const ids = messages.map((m) => m.id ?? wamid());
  return {
    ids,
    body: JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: BUSINESS_NUMBER,
                contacts: messages.map((m) => ({
                  profile: { name: m.name ?? 'Cliente de Prueba' },
                  wa_id: m.from.replace(/^\+/, ''),
                })),
                messages: messages.map((m, i) => ({
                  from: m.from.replace(/^\+/, ''),
                  id: ids[i],
                  timestamp: String(Math.floor((m.at ?? new Date()).getTime() / 1000)),
                  ...m.body,
                })),
              },
              field: 'messages',
            },
          ],
        },
      ],
    }),
  };
}

/** A delivery receipt of one of our messages (value.statuses[]): no message in it. */
export function statusDelivery(to: string) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: BUSINESS_NUMBER,
              statuses: [
                {
                  id: wamid(),
                  status: 'delivered',
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: to.replace(/^\+/, ''),
                  conversation: { id: 'CONVERSATION_ID', origin: { type: 'service' } },
                  pricing: { billable: true, pricing_model: 'CBP', category: 'service' },
                },
              ],
            },
            field: 'messages',
          },
        ],
      },
    ],
  });
}

/** The headers Meta sends with a body; `secret` another than the app's forges it. */
export function signedHeaders(body: string, secret = TEST_APP_SECRET) {
  return {
    'content-type': 'application/json',
    'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`,
  };
}

/** The desk's answers queued to a number, in the order they go out (the verification code left out). */
export async function answersTo(db: Db, phone: string) {
  const rows = await db
    .select()
    .from(whatsappOutbox)
    .where(and(eq(whatsappOutbox.toPhone, phone), ne(whatsappOutbox.template, WHATSAPP_TEMPLATES.verification.name)))
    .orderBy(asc(whatsappOutbox.queuePosition));
  return rows;
}

let phoneSeq = 4_100_000;
/** A Venezuelan mobile in E.164 no other test uses. */
export const freshPhone = () => `+58414${String(phoneSeq++).padStart(7, '0')}`;

let ipSeq = 1;
/** A signed-in customer who verified a WhatsApp number in the app, as customers do: the code sent to it. */
export async function customerWithVerifiedWhatsapp(db: Db, nombre = 'Ana Pérez') {
  const c = await signedInCustomer(db, {
    nombre,
    visitor: newVisitor({ ip: `10.51.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}` }),
  });
  const phone = freshPhone();
  await c.caller.messaging.startPhoneVerification({ phone });
  const [codeRow] = await db
    .select({ params: whatsappOutbox.params })
    .from(whatsappOutbox)
    .where(and(eq(whatsappOutbox.userId, c.user.id), eq(whatsappOutbox.template, WHATSAPP_TEMPLATES.verification.name)))
    .orderBy(desc(whatsappOutbox.createdAt))
    .limit(1);
  await c.caller.messaging.confirmPhone({ code: codeRow.params[0] });
  return { ...c, phone };
}

/** A server as the tests post to it: its app, and the desk's worker answering what it stores. */
export type DeskServer = { app: { inject: (o: object) => Promise<{ json: () => unknown }> }; whatsappDesk: DeskWorker };

/**
 * A message stored as the webhook stores it, then the number's messages answered as the worker
 * answers them (without the downloads: for tests that post no file).
 */
export async function receiveAndAnswer(db: Db, message: InboundWhatsappMessage, options: { appUrl: string }) {
  await storeWhatsappMessages(db, [message]);
  for (;;) {
    const step = await answerNextMessages(db, message.from, options);
    if (step.kind !== 'answered') return;
  }
}

/**
 * The customer writes (taps, sends) `body` to the desk through the signed webhook; once the desk's
 * worker has answered (and downloaded what it was sent), its last answer to them, as they read it.
 */
export async function lastAnswerAfter(server: DeskServer, db: Db, phone: string, body: InboundFixture['body']) {
  const { app } = server;
  const { body: delivery } = messagesDelivery([{ from: phone, body }]);
  const res = await app.inject({
    method: 'POST',
    url: '/webhooks/whatsapp',
    headers: signedHeaders(delivery),
    payload: delivery,
  });
  if ((res.json() as { stored?: number }).stored !== 1)
    throw new Error(`La entrega no se guardó: ${JSON.stringify(res.json())}`);
  await server.whatsappDesk.runUntilIdle();
  const answers = await answersTo(db, phone);
  return answers[answers.length - 1]!.body;
}
