// WhatsApp in the browser tests (docs/product/whatsapp-desk.md): a customer's message delivered to
// /webhooks/whatsapp signed as Meta signs it, and a fake Graph API on loopback that the server's
// WhatsApp worker sends to (WHATSAPP_API_URL), recording every message that would reach a phone.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESK_BUTTONS } from '@casillero/shared';

/** The Meta app's secret the test servers are started with (WHATSAPP_APP_SECRET). */
export const WHATSAPP_APP_SECRET = 'secreto-e2e-de-la-app-de-meta';

/** The webhook's settings for startServer's env. */
export const WHATSAPP_WEBHOOK_ENV = { WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: 'token-e2e' };

/** The verification code's template (server/src/messaging/whatsapp-templates.ts). */
const VERIFICATION_TEMPLATE = 'codigo_de_verificacion';

let sequence = 0;

/** A delivery of one message from `phone` (its type and body, as the Cloud API words it), signed as Meta signs it. */
export function signedDelivery(phone: string, message: Record<string, unknown>) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '584120000000', phone_number_id: '106540352242922' },
              contacts: [{ profile: { name: 'María' }, wa_id: phone.slice(1) }],
              messages: [
                {
                  from: phone.slice(1),
                  id: `wamid.e2e.${Date.now()}.${++sequence}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  ...message,
                },
              ],
            },
          },
        ],
      },
    ],
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', WHATSAPP_APP_SECRET).update(body).digest('hex')}`,
    },
  };
}

/** Posts what the customer sent to the server's webhook; it must be stored. */
export async function postFromCustomer(page: Page, url: string, phone: string, message: Record<string, unknown>) {
  const delivery = signedDelivery(phone, message);
  const res = await page.request.post(`${url}/webhooks/whatsapp`, { data: delivery.body, headers: delivery.headers });
  expect(await res.json()).toMatchObject({ stored: 1 });
}

/** The customer taps "Hablar con alguien". */
export const postAgentTapped = (page: Page, url: string, phone: string) =>
  postFromCustomer(page, url, phone, {
    type: 'interactive',
    interactive: { type: 'button_reply', button_reply: DESK_BUTTONS.agent },
  });

/** One message as the Cloud API received it. */
export type GraphMessage = {
  /** E.164. */
  to: string;
  type: string;
  /** A text message's body. */
  text?: string;
  /** A template's name and its body's parameters. */
  template?: string;
  params?: string[];
};

/**
 * A fake WhatsApp Cloud API: POST /<phone number id>/messages, answered as the Graph API answers,
 * and a customer's media (GET /<media id> its address, GET that address its bytes). `env` points
 * the server at it; `messages` is everything sent, in order.
 */
export async function startFakeGraphApi() {
  const messages: GraphMessage[] = [];
  const media = new Map<string, { bytes: Buffer; mime: string }>();
  const server = http.createServer((req, res) => {
    if (req.method === 'GET') {
      const path = new URL(req.url ?? '/', url).pathname;
      const bytesOf = /^\/archivos\/(.+)$/.exec(path)?.[1];
      const file = media.get(bytesOf ?? path.slice(1));
      if (!file || req.headers.authorization !== 'Bearer e2e') return void res.writeHead(404).end();
      if (bytesOf) return void res.writeHead(200, { 'content-type': file.mime }).end(file.bytes);
      const id = path.slice(1);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ url: `${url}/archivos/${id}`, mime_type: file.mime, file_size: file.bytes.length, id }));
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || !/\/messages$/.test(req.url ?? '') || req.headers.authorization !== 'Bearer e2e') {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"Solicitud inválida"}}');
        return;
      }
      const m = JSON.parse(body) as {
        to: string;
        type: string;
        text?: { body: string };
        template?: { name: string; components: { parameters: { text: string }[] }[] };
      };
      messages.push({
        to: `+${m.to}`,
        type: m.type,
        text: m.text?.body,
        template: m.template?.name,
        params: m.template?.components[0]?.parameters.map((p) => p.text),
      });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ messages: [{ id: `wamid.fake.${messages.length}` }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    messages,
    /** A PDF the customer sends: the webhook message's body, whose media downloads from here. */
    document(bytes: Buffer, filename: string) {
      const id = `${9_100_000 + media.size + 1}`;
      media.set(id, { bytes, mime: 'application/pdf' });
      return { type: 'document', document: { filename, mime_type: 'application/pdf', sha256: 'c2hhMjU2', id } };
    },
    env: { WHATSAPP_TOKEN: 'e2e', WHATSAPP_PHONE_NUMBER_ID: 'E2E', WHATSAPP_API_URL: url },
    /** The verification code sent to `phone` (its template's first parameter), once it has gone. */
    async codeSentTo(phone: string): Promise<string> {
      let code = '';
      await expect
        .poll(
          () => {
            code = messages.findLast((m) => m.to === phone && m.template === VERIFICATION_TEMPLATE)?.params?.[0] ?? '';
            return code;
          },
          { timeout: 30_000, interval: 250 },
        )
        .toMatch(/^\d{6}$/);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
