// The webhook building blocks (docs/product/public-api.md#webhooks): signatures a
// receiver verifies with an independent Standard Webhooks implementation (the `standardwebhooks`
// package), and the guard that refuses URLs reaching private, loopback or link-local addresses,
// including a hostname that resolves to 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_MESSAGES } from '@casillero/shared';
import { checkWebhookUrl, isPrivateAddress, type Lookup } from './ssrf-guard';
import { newWebhookSecret, webhookHeaders } from './webhook-signing';

describe('Standard Webhooks signatures', () => {
  it('verify with the standardwebhooks package, and fail with another secret or a changed body', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const body = JSON.stringify({ type: 'package.received', data: { id: 'a1', weightKg: 1.5 } });
    const headers = webhookHeaders(secret, 'msg_2b7f', body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace('1.5', '2.5'), headers)).toThrow();
    // A delivery signed long ago is refused by the receiver (replays).
    const old = webhookHeaders(secret, 'msg_old', body, new Date(Date.now() - 60 * 60 * 1000));
    expect(() => new Webhook(secret).verify(body, old)).toThrow();
  });

  it('signed with two secrets (after a rotation), verify with either and with no third', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({ type: 'invoice.issued', data: { id: 'f1' } });
    const headers = webhookHeaders([current, previous], 'msg_rot', body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=* v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});

describe('the SSRF guard', () => {
  const resolvesTo =
    (...addresses: string[]): Lookup =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses private, loopback, link-local and mapped addresses, and accepts public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd12::1',
      '::ffff:127.0.0.1',
      'no-ip',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses http, credentials, literal private addresses and hostnames resolving to one', async () => {
    await expect(checkWebhookUrl('http://tienda.example/hook', resolvesTo('93.184.216.34'))).rejects.toThrow(
      WEBHOOK_MESSAGES.httpsOnly,
    );
    await expect(checkWebhookUrl('https://a:b@tienda.example/hook')).rejects.toThrow(WEBHOOK_MESSAGES.noCredentials);
    await expect(checkWebhookUrl('nada')).rejects.toThrow(WEBHOOK_MESSAGES.urlInvalid);
    await expect(checkWebhookUrl('https://127.0.0.1/hook')).rejects.toThrow(WEBHOOK_MESSAGES.privateAddress);
    await expect(checkWebhookUrl('https://[::1]/hook')).rejects.toThrow(WEBHOOK_MESSAGES.privateAddress);
    await expect(checkWebhookUrl('https://169.254.169.254/latest/meta-data')).rejects.toThrow(
      WEBHOOK_MESSAGES.privateAddress,
    );
    // Through DNS: the system's resolver says localhost is 127.0.0.1 (or ::1).
    await expect(checkWebhookUrl('https://localhost/hook')).rejects.toThrow(WEBHOOK_MESSAGES.privateAddress);
    // A public-looking name whose DNS answers 127.0.0.1, or one public and one private address.
    await expect(checkWebhookUrl('https://tienda.example/hook', resolvesTo('127.0.0.1'))).rejects.toThrow(
      WEBHOOK_MESSAGES.privateAddress,
    );
    await expect(
      checkWebhookUrl('https://tienda.example/hook', resolvesTo('93.184.216.34', '10.0.0.7')),
    ).rejects.toThrow(WEBHOOK_MESSAGES.privateAddress);
    const failing: Lookup = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(checkWebhookUrl('https://no-existe.example/hook', failing)).rejects.toThrow(
      WEBHOOK_MESSAGES.unresolvable,
    );

    const ok = await checkWebhookUrl('https://tienda.example/hook', resolvesTo('93.184.216.34'));
    expect(ok.addresses).toEqual(['93.184.216.34']);
    expect(ok.url.href).toBe('https://tienda.example/hook');
  });
});
