// The webhook building blocks (docs/product/public-api.md#webhooks): signatures a
// receiver verifies with an independent Standard Webhooks implementation (the `standardwebhooks`
// package), and the guard that refuses URLs reaching anything but a public unicast address: a
// table of every loopback form, private and metadata addresses embedded in IPv6, and public
// addresses that must pass.
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_MESSAGES } from '@casillero/shared';
import { addressRange, checkWebhookUrl, isPublicAddress, type Lookup } from './ssrf-guard';
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
  const nowhere: Lookup = async () => {
    throw new Error('ENOTFOUND');
  };

  /** Every way of writing this machine's loopback in a URL (literals need no DNS: `nowhere`). */
  const loopbackForms: [url: string, lookup?: Lookup][] = [
    ['https://127.0.0.1/h'],
    ['https://127.1/h'],
    ['https://127.0.1/h'],
    ['https://127.255.255.254/h'],
    ['https://0x7f.0.0.1/h'],
    ['https://0x7F.1/h'],
    ['https://0x7f000001/h'],
    ['https://2130706433/h'],
    ['https://0177.0.0.1/h'],
    ['https://017700000001/h'],
    ['https://127.0.0.1./h'],
    ['https://[::1]/h'],
    ['https://[0:0:0:0:0:0:0:1]/h'],
    ['https://[0000:0000:0000:0000:0000:0000:0000:0001]/h'],
    ['https://[::0:1]/h'],
    ['https://[::ffff:127.0.0.1]/h'],
    ['https://[::ffff:7f00:1]/h'],
    ['https://[0:0:0:0:0:ffff:127.0.0.1]/h'],
    // IPv4-compatible (::/96): the form that slipped through the hand-written checks.
    ['https://[::127.0.0.1]/h'],
    ['https://[::7f00:1]/h'],
    ['https://[::ffff:0:127.0.0.1]/h'],
    ['https://[64:ff9b::127.0.0.1]/h'],
    ['https://[64:ff9b:1::7f00:1]/h'],
    ['https://[2002:7f00:1::]/h'],
    // Through the system's resolver, and through a DNS that answers loopback in each family.
    ['https://localhost/h', undefined],
    ['https://LOCALHOST/h', undefined],
    ['https://tienda.example/h', resolvesTo('127.0.0.1')],
    ['https://tienda.example/h', resolvesTo('::1')],
    ['https://tienda.example/h', resolvesTo('::ffff:127.0.0.1')],
    ['https://tienda.example/h', resolvesTo('93.184.216.34', '127.0.0.2')],
  ];

  /** Private, metadata and special addresses, plain and embedded in every IPv6 form that carries an IPv4. */
  const otherPrivateForms = [
    'https://0.0.0.0/h',
    'https://0/h',
    'https://[::]/h',
    'https://10.1.2.3/h',
    'https://172.20.0.1/h',
    'https://192.168.1.10/h',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/h',
    'https://192.0.0.8/h',
    'https://198.18.0.1/h',
    'https://224.0.0.1/h',
    'https://240.0.0.1/h',
    'https://255.255.255.255/h',
    'https://[fe80::1]/h',
    'https://[fd12::1]/h',
    'https://[fc00::1]/h',
    'https://[fec0::1]/h',
    'https://[ff02::1]/h',
    'https://[2001:db8::1]/h',
    'https://[100::1]/h',
    // ::/96 (IPv4-compatible)
    'https://[::10.0.0.1]/h',
    'https://[::169.254.169.254]/h',
    // ::ffff:0:0/96 (IPv4-mapped) and ::ffff:0:0:0/96 (IPv4-translated)
    'https://[::ffff:169.254.169.254]/h',
    'https://[::ffff:10.1.2.3]/h',
    'https://[::ffff:0:192.168.1.1]/h',
    // 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64)
    'https://[64:ff9b::169.254.169.254]/h',
    'https://[64:ff9b::10.0.0.1]/h',
    'https://[64:ff9b:1::a9fe:a9fe]/h',
    // 2002::/16 (6to4) and 2001::/32 (Teredo)
    'https://[2002:a9fe:a9fe::]/h',
    'https://[2002:c0a8:101::1]/h',
    'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/h',
    // Those ranges are refused whole, whatever they embed: a public IPv4 has its own address.
    'https://[::ffff:8.8.8.8]/h',
    'https://[::8.8.8.8]/h',
    'https://[64:ff9b::8.8.8.8]/h',
    'https://[2002:808:808::]/h',
  ];

  it.each(loopbackForms)('refuses the loopback form %s', async (url, lookup) => {
    await expect(checkWebhookUrl(url, lookup ?? (/localhost/i.test(url) ? undefined : nowhere))).rejects.toThrow(
      WEBHOOK_MESSAGES.privateAddress,
    );
  });

  it.each(otherPrivateForms)('refuses %s', async (url) => {
    await expect(checkWebhookUrl(url, nowhere)).rejects.toThrow(WEBHOOK_MESSAGES.privateAddress);
  });

  it.each([
    ['https://8.8.8.8/h', nowhere, ['8.8.8.8']],
    ['https://1.1.1.1/h', nowhere, ['1.1.1.1']],
    ['https://[2606:4700:4700::1111]/h', nowhere, ['2606:4700:4700::1111']],
    ['https://[2001:4860:4860::8888]/h', nowhere, ['2001:4860:4860::8888']],
    ['https://tienda.example/hook', resolvesTo('93.184.216.34'), ['93.184.216.34']],
    [
      'https://tienda.example/hook',
      resolvesTo('93.184.216.34', '2a00:1450:4001:82f::200e'),
      ['93.184.216.34', '2a00:1450:4001:82f::200e'],
    ],
  ] as const)('accepts the public %s', async (url, lookup, addresses) => {
    const ok = await checkWebhookUrl(url, lookup);
    expect(ok.addresses).toEqual(addresses);
  });

  it('classifies addresses by the ranges of ipaddr.js', () => {
    expect(addressRange('::7f00:1')).toBe('outsideGlobalUnicast');
    expect(addressRange('::ffff:7f00:1')).toBe('ipv4Mapped');
    expect(addressRange('64:ff9b::a9fe:a9fe')).toBe('rfc6052');
    expect(addressRange('2002:a9fe:a9fe::')).toBe('6to4');
    expect(addressRange('169.254.169.254')).toBe('linkLocal');
    expect(addressRange('no-ip')).toBe('invalid');
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('refuses http, credentials, a malformed URL and a name that does not resolve', async () => {
    await expect(checkWebhookUrl('http://tienda.example/hook', resolvesTo('93.184.216.34'))).rejects.toThrow(
      WEBHOOK_MESSAGES.httpsOnly,
    );
    await expect(checkWebhookUrl('https://a:b@tienda.example/hook')).rejects.toThrow(WEBHOOK_MESSAGES.noCredentials);
    await expect(checkWebhookUrl('nada')).rejects.toThrow(WEBHOOK_MESSAGES.urlInvalid);
    await expect(checkWebhookUrl('https://no-existe.example/hook', nowhere)).rejects.toThrow(
      WEBHOOK_MESSAGES.unresolvable,
    );
    await expect(checkWebhookUrl('https://no-existe.example/hook', resolvesTo())).rejects.toThrow(
      WEBHOOK_MESSAGES.unresolvable,
    );
  });
});
