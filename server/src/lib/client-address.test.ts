// The client's address behind the proxies TRUST_PROXY names: the first X-Forwarded-For entry from
// the right that is not a trusted proxy, never something the client wrote to the left of it.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '../env';
import { clientAddress, fromTrustedProxy, hopTrust } from './client-address';

function request(socketAddress: string, forwardedFor?: string | string[]): IncomingMessage {
  return {
    socket: { remoteAddress: socketAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  } as IncomingMessage;
}

describe('reading TRUST_PROXY', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['0', null],
    ['false', null],
    ['1', { hops: 1 }],
    ['true', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.0/8', { ranges: ['10.0.0.0/8'] }],
    [' 10.0.0.2 , fd00::/8,loopback ', { ranges: ['10.0.0.2', 'fd00::/8', 'loopback'] }],
  ])('%j → %j', (value, expected) => {
    expect(parseTrustedProxies(value)).toEqual(expected);
  });

  it.each([
    'yes',
    '10.0.0.0/33',
    '10.0.0.300',
    'caddy',
    '1.5',
    '-1',
    '10.0.0.0/x',
  ])('refuses %j in Spanish', (value) => {
    expect(() => parseTrustedProxies(value)).toThrow(/^TRUST_PROXY debe ser el número de proxies/);
  });
});

describe('the client address', () => {
  const noProxy = hopTrust(null);
  const oneHop = hopTrust({ hops: 1 });
  const twoHops = hopTrust({ hops: 2 });
  const ranges = hopTrust({ ranges: ['10.0.0.0/8', 'loopback'] });

  it('without a proxy is the socket’s, whatever the header says', () => {
    expect(clientAddress(request('198.51.100.7', '1.2.3.4'), noProxy)).toBe('198.51.100.7');
    expect(fromTrustedProxy(request('127.0.0.1'), noProxy)).toBe(false);
  });

  it('behind one proxy is the entry it appended, not the one the client sent', () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; Caddy (127.0.0.1) appended the real address.
    expect(clientAddress(request('127.0.0.1', '1.2.3.4, 198.51.100.7'), oneHop)).toBe('198.51.100.7');
    expect(clientAddress(request('127.0.0.1', ['1.2.3.4', '198.51.100.7']), oneHop)).toBe('198.51.100.7');
    expect(clientAddress(request('127.0.0.1', '198.51.100.7'), oneHop)).toBe('198.51.100.7');
  });

  it('behind two proxies skips both, and no further', () => {
    // Load balancer 10.0.0.2 in front of Caddy (socket 10.0.0.3).
    expect(clientAddress(request('10.0.0.3', '9.9.9.9, 8.8.8.8, 198.51.100.7, 10.0.0.2'), twoHops)).toBe(
      '198.51.100.7',
    );
    expect(clientAddress(request('10.0.0.3', '198.51.100.7, 10.0.0.2'), twoHops)).toBe('198.51.100.7');
  });

  it('behind proxies named by address skips every trusted one, then stops', () => {
    expect(clientAddress(request('10.0.0.3', '1.2.3.4, 198.51.100.7, 10.0.0.2, 127.0.0.1'), ranges)).toBe(
      '198.51.100.7',
    );
    expect(clientAddress(request('::ffff:10.0.0.3', '198.51.100.7'), ranges)).toBe('198.51.100.7');
  });

  it('believes no header from a peer that is not a trusted proxy', () => {
    expect(clientAddress(request('203.0.113.9', '1.2.3.4'), ranges)).toBe('203.0.113.9');
    expect(fromTrustedProxy(request('203.0.113.9'), ranges)).toBe(false);
    expect(fromTrustedProxy(request('10.0.0.3'), ranges)).toBe(true);
  });

  it('never takes something that is not an IP address: the nearest trusted hop stands in', () => {
    expect(clientAddress(request('127.0.0.1', '<script>x</script>'), oneHop)).toBe('127.0.0.1');
    expect(clientAddress(request('10.0.0.3', '1.2.3.4, <script>x</script>, 10.0.0.2'), twoHops)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.3', 'unknown'), ranges)).toBe('10.0.0.3');
  });

  it('reads IPv6 and IPv4 written as IPv6', () => {
    expect(clientAddress(request('::1', '2001:db8::7'), oneHop)).toBe('2001:db8::7');
    expect(clientAddress(request('::ffff:127.0.0.1'), noProxy)).toBe('127.0.0.1');
  });
});
