// What the inbound-mail tests send (docs/product/prealerts-from-email.md#recepción): a fake DNS
// that publishes SPF, DKIM and DMARC for a mail provider `correo.test` (the customer's), SPF and
// DKIM only for `sin-dmarc.test`, messages composed and DKIM-signed by nodemailer as a provider would, and
// Mailgun's signature of a webhook delivery.
import { createHmac, generateKeyPairSync } from 'node:crypto';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const DKIM_PRIVATE_KEY = keys.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const publicKey = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

/** The customer's mail provider: mail from 127.0.0.1 passes SPF, its signature DKIM, DMARC p=reject. */
export const PROVIDER_DOMAIN = 'correo.test';
export const INBOUND_DOMAIN = 'entrada.casillero.test';

/** A mail provider that publishes SPF and DKIM but no DMARC record: the same IP and key. */
export const NO_DMARC_DOMAIN = 'sin-dmarc.test';

const TXT: Record<string, string> = {
  [PROVIDER_DOMAIN]: 'v=spf1 ip4:127.0.0.1 ip6:::1 -all',
  [`sel._domainkey.${PROVIDER_DOMAIN}`]: `v=DKIM1; k=rsa; p=${publicKey}`,
  [`_dmarc.${PROVIDER_DOMAIN}`]: 'v=DMARC1; p=reject',
  [NO_DMARC_DOMAIN]: 'v=spf1 ip4:127.0.0.1 ip6:::1 -all',
  [`sel._domainkey.${NO_DMARC_DOMAIN}`]: `v=DKIM1; k=rsa; p=${publicKey}`,
};

/** A DNS that knows only the records above (no network in tests). */
export async function fakeResolver(name: string, type: string): Promise<string[][]> {
  const record = TXT[name.toLowerCase().replace(/\.$/, '')];
  if (type === 'TXT' && record) return [[record]];
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
}

export const dkimOptions = { domainName: PROVIDER_DOMAIN, keySelector: 'sel', privateKey: DKIM_PRIVATE_KEY };

let serial = 0;
/** A UPS-shaped number the extraction recognises, unique in the run. */
export const upsTracking = () =>
  `1ZMAR${Date.now().toString(36).toUpperCase().slice(-6)}${String(++serial).padStart(7, '0')}`;

/** Amazon's shipping e-mail, as the customer forwards it (the store's headers quoted in the body). */
export function amazonShippingMail(opts: {
  from: string;
  to: string;
  tracking: string;
  messageId?: string;
}): Mail.Options {
  return {
    from: opts.from,
    to: opts.to,
    subject: 'Fwd: Tu paquete de Amazon ha sido enviado',
    messageId: opts.messageId,
    text: [
      '---------- Forwarded message ---------',
      'From: Amazon.com <shipment-tracking@amazon.com>',
      'Subject: Your Amazon.com order has shipped',
      '',
      'Hola María, tu pedido fue enviado.',
      `Transportista: UPS. Número de seguimiento: ${opts.tracking}`,
      'Audífonos inalámbricos (1)',
    ].join('\n'),
    html: `<p>Tu pedido fue enviado.</p><p>Seguimiento: <a href="https://track.example/${opts.tracking}">${opts.tracking}</a></p><img src="https://tracker.example/pixel.gif">`,
  };
}

/**
 * The message's bytes, DKIM-signed by the customer's provider unless `sign` is false; a domain
 * name signs as that domain (d=) with the same key.
 */
export async function rawMail(message: Mail.Options, sign: boolean | string = true): Promise<Buffer> {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
    ...(sign ? { dkim: typeof sign === 'string' ? { ...dkimOptions, domainName: sign } : dkimOptions } : {}),
  });
  const info = await transport.sendMail(message);
  return info.message as Buffer;
}

/** Mailgun's fields signing a delivery: HMAC-SHA256 of timestamp + token with the signing key. */
export function mailgunSignature(key: string, timestamp = String(Math.floor(Date.now() / 1000))) {
  const token = `tok${Math.random().toString(36).slice(2)}${Date.now()}`;
  const signature = createHmac('sha256', key)
    .update(timestamp + token)
    .digest('hex');
  return { timestamp, token, signature };
}

/** A multipart/form-data body of text fields, as Mailgun posts it. */
export function formBody(fields: Record<string, string | Buffer>) {
  const boundary = `----mailgun${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`));
    parts.push(Buffer.isBuffer(value) ? value : Buffer.from(value));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
