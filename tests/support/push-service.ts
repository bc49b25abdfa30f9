// A push service on loopback for the tests (docs/decisions/037-web-push.md): it plays a browser's
// subscription (its P-256 key pair and auth secret, as PushManager.subscribe makes them) and the
// push service the browser's endpoint points to, decrypting what it receives as the browser would
// (RFC 8291, aes128gcm) and reading the VAPID header (RFC 8292). It answers 201, or what the test
// tells it to (410: the browser unsubscribed).
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedPush = {
  path: string;
  /** The decrypted payload, as the service worker would read it. */
  payload: Record<string, unknown>;
  /** The VAPID public key in the Authorization header (`vapid t=…, k=…`). */
  vapidKey: string | null;
  /** The JWT's audience: the push service's origin. */
  audience: string | null;
  ttl: string | undefined;
};

export type FakeBrowserSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export async function startPushService() {
  const received: ReceivedPush[] = [];
  const subscriptions = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  let answer = 201;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const keys = subscriptions.get(req.url ?? '');
      if (!keys) {
        res.writeHead(404).end();
        return;
      }
      if (answer === 201) {
        const auth = String(req.headers.authorization ?? '');
        const token = /t=([^,\s]+)/.exec(auth)?.[1] ?? '';
        const claims = token ? JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) : {};
        received.push({
          path: req.url ?? '',
          payload: JSON.parse(decrypt(Buffer.concat(chunks), keys.ecdh, keys.auth)),
          vapidKey: /k=([^,\s]+)/.exec(auth)?.[1] ?? null,
          audience: claims.aud ?? null,
          ttl: req.headers.ttl as string | undefined,
        });
      }
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** A new browser's subscription, with its endpoint on this service. */
    subscription(): FakeBrowserSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      subscriptions.set(path, { ecdh, auth });
      return {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    /** What every next push is answered with (201 accepted, 410 gone, 500 down). */
    answerWith(status: number) {
      answer = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 8291 with RFC 8188's aes128gcm: one record, as web-push sends it. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and any zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}
