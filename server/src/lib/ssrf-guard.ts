// The guard against server-side request forgery for webhook URLs (docs/product/public-api.md#webhooks,
// docs/product/security.md#webhook-addresses): https only, no credentials, and every address the
// host resolves to must be public unicast. Addresses are classified by ipaddr.js's ranges (a
// maintained list of the special-purpose registries), never by hand-written patterns: an IPv4
// address is public when ipaddr.js calls it `unicast`; an IPv6 address when it is `unicast` and
// within 2000::/3, the global unicast space. So every form that embeds an IPv4 address is refused
// whatever it embeds: IPv4-compatible `::a.b.c.d` (::/96, outside 2000::/3), IPv4-mapped and
// -translated (::ffff:0:0/96, ::ffff:0:0:0/96), NAT64 (64:ff9b::/96, 64:ff9b:1::/48), 6to4
// (2002::/16) and Teredo (2001::/32). Checked when a URL is subscribed and again before each
// delivery, after DNS resolution, with the addresses to connect to returned so the delivery
// connects to what was checked (webhooks/worker.ts).
import { promises as dns } from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_MESSAGES } from '@casillero/shared';
import { DomainError } from './domain-error';
import type { Lookup } from '../env';

export type { Lookup };

/** The global unicast IPv6 space; everything outside it is special or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * The ipaddr.js range an address falls in (`unicast`, `loopback`, `private`, `ipv4Mapped`,
 * `rfc6052`, `6to4`…), `outsideGlobalUnicast` for an IPv6 address outside 2000::/3 that ipaddr.js
 * calls unicast (`::7f00:1`), or `invalid` for what is not an IP address.
 */
export function addressRange(address: string): string {
  if (!net.isIP(address)) return 'invalid';
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  if (parsed.kind() === 'ipv6' && range === 'unicast' && !parsed.match(GLOBAL_UNICAST_V6))
    return 'outsideGlobalUnicast';
  return range;
}

/** Whether an address is public unicast on the internet: the only kind a webhook may reach. */
export function isPublicAddress(address: string): boolean {
  return addressRange(address) === 'unicast';
}

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
  // The URL parser already wrote any IPv4 form (0x7f.1, 2130706433, 0177.0.0.1) as a dotted quad
  // and any IPv6 literal in its shortest form.
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
  if (addresses.some((a) => !isPublicAddress(a) && !allowAddress?.(a)))
    throw new DomainError('BAD_INPUT', WEBHOOK_MESSAGES.privateAddress);
  return { url, addresses };
}
