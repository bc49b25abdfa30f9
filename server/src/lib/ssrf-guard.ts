// The guard against server-side request forgery for webhook URLs (docs/product/public-api.md#webhooks):
// https only, no credentials, and every address the host resolves to must be public — loopback,
// private, carrier-grade NAT, link-local (cloud metadata), multicast and reserved ranges are
// refused, IPv4 and IPv6 (and IPv4 mapped into IPv6). Checked when a URL is subscribed and again
// before each delivery, after DNS resolution, with the addresses to connect to returned so the
// delivery connects to what was checked.
import { promises as dns } from 'node:dns';
import net from 'node:net';
import { WEBHOOK_MESSAGES } from '@casillero/shared';
import { DomainError } from './domain-error';

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemLookup: Lookup = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/**
 * The URL when it may receive webhooks, with the addresses its host resolves to (every one
 * public); a DomainError BAD_INPUT with the Spanish reason otherwise.
 */
export async function checkWebhookUrl(
  raw: string,
  lookup: Lookup = systemLookup,
  /**
   * Tests only: addresses let through although private (a receiver on 127.0.0.1). Only code
   * passes it — the delivery worker's `testOnly` option —; no setting or variable does.
   */
  allowAddress?: (address: string) => boolean,
): Promise<{ url: URL; addresses: string[] }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DomainError('BAD_INPUT', WEBHOOK_MESSAGES.urlInvalid);
  }
  if (url.protocol !== 'https:') throw new DomainError('BAD_INPUT', WEBHOOK_MESSAGES.httpsOnly);
  if (url.username || url.password) throw new DomainError('BAD_INPUT', WEBHOOK_MESSAGES.noCredentials);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host)).map((a) => a.address);
    } catch {
      throw new DomainError('BAD_INPUT', WEBHOOK_MESSAGES.unresolvable);
    }
  }
  if (addresses.length === 0) throw new DomainError('BAD_INPUT', WEBHOOK_MESSAGES.unresolvable);
  if (addresses.some((a) => isPrivateAddress(a) && !allowAddress?.(a)))
    throw new DomainError('BAD_INPUT', WEBHOOK_MESSAGES.privateAddress);
  return { url, addresses };
}
