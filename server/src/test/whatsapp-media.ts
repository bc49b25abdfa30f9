// The WhatsApp Cloud API's media endpoints on loopback, for the desk's flows that download what a
// customer sends (a payment receipt, a purchase invoice): GET /<media id> answers its URL, type
// and size as the Graph API does, GET that URL the bytes, both only with the token. A test says
// what each media id holds with `photo()` or `document()`, which give the webhook's message body.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { messagesDelivery } from './whatsapp-webhooks';

export const FAKE_WHATSAPP_TOKEN = 'token-de-prueba';
type Body = Parameters<typeof messagesDelivery>[0][number]['body'];

export async function startFakeWhatsappMedia() {
  const media = new Map<string, { bytes: Buffer; mime: string }>();
  let serial = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.headers.authorization !== `Bearer ${FAKE_WHATSAPP_TOKEN}`) return void res.writeHead(401).end();
    const bytesOf = /^\/archivos\/(.+)$/.exec(url.pathname)?.[1];
    if (bytesOf) {
      const file = media.get(bytesOf);
      return void (file ? res.writeHead(200, { 'content-type': file.mime }).end(file.bytes) : res.writeHead(404).end());
    }
    const id = url.pathname.slice(1);
    const file = media.get(id);
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ url: `${origin}/archivos/${id}`, mime_type: file.mime, file_size: file.bytes.length, id }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keep = (bytes: Buffer, mime: string) => {
    const id = `${9_000_000 + ++serial}`;
    media.set(id, { bytes, mime });
    return id;
  };
  return {
    /** The Cloud API settings that download from here. */
    settings: { token: FAKE_WHATSAPP_TOKEN, phoneNumberId: '106540352242922', apiUrl: origin },
    /** A photo sent on WhatsApp, whose download gives `bytes`. */
    photo(bytes: Buffer, mime = 'image/jpeg'): Body {
      return { type: 'image', image: { mime_type: mime, sha256: 'c2hhMjU2', id: keep(bytes, mime) } };
    },
    /** A document (a PDF) sent on WhatsApp. */
    document(bytes: Buffer, filename: string, mime = 'application/pdf'): Body {
      return { type: 'document', document: { filename, mime_type: mime, sha256: 'c2hhMjU2', id: keep(bytes, mime) } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
