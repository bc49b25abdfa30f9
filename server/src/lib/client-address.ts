// Who is on the other end of a request, behind the proxies we were told to trust (TRUST_PROXY).
//
// X-Forwarded-For is a list every hop appends to, so only its right end is written by our own
// proxies; anything to the left of them is whatever the client chose to send. The client's address
// is therefore the first entry, read from the right, that is not a trusted proxy, and an entry that
// is not an IP address is never taken as anyone's address.
import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { NAMED_RANGES, type TrustedProxies, toSubnet } from '../env';

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, as Node reports dual-stack sockets) as IPv4. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * Whether the address at `hop` (0 = the socket's peer, 1 = the last X-Forwarded-For entry, …) is
 * one of our proxies. Also Fastify's trust function, so the forwarded host and protocol are read
 * only from a trusted peer.
 */
export type HopTrust = (address: string, hop: number) => boolean;

const trustOf = new WeakMap<Exclude<TrustedProxies, null>, HopTrust>();
const trustNoOne: HopTrust = () => false;

/** The trust function for a TRUST_PROXY setting, built once per setting. */
export function hopTrust(proxies: TrustedProxies): HopTrust {
  if (!proxies) return trustNoOne;
  let trust = trustOf.get(proxies);
  if (!trust) {
    trust = buildHopTrust(proxies);
    trustOf.set(proxies, trust);
  }
  return trust;
}

function buildHopTrust(proxies: Exclude<TrustedProxies, null>): HopTrust {
  if ('hops' in proxies) {
    const { hops } = proxies;
    return (address, hop) => hop < hops && isIP(plainAddress(address)) !== 0;
  }
  const list = new BlockList();
  for (const entry of proxies.ranges.flatMap((range) => NAMED_RANGES[range] ?? [range])) {
    const subnet = toSubnet(entry);
    if (subnet) list.addSubnet(subnet.address, subnet.prefix, subnet.family);
  }
  return (address) => {
    const plain = plainAddress(address);
    const version = isIP(plain);
    return version !== 0 && list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}

function forwardedFor(req: IncomingMessage): string[] {
  const header = req.headers['x-forwarded-for'];
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
}

/**
 * The client's address: walking from the socket's peer leftwards through X-Forwarded-For, the
 * first address that is not a trusted proxy. When that entry is not an IP address (nothing a
 * proxy writes), the nearest trusted hop's address stands in: garbage is never stored, logged or
 * used as a rate-limit key, and nothing left of it is believed.
 */
export function clientAddress(req: IncomingMessage, trust: HopTrust): string {
  const socketAddress = plainAddress(req.socket?.remoteAddress ?? '');
  if (!trust(socketAddress, 0)) return socketAddress;
  const hops = [socketAddress, ...forwardedFor(req)];
  for (let hop = 1; hop < hops.length; hop++) {
    const address = plainAddress(hops[hop]!);
    if (isIP(address) === 0) return plainAddress(hops[hop - 1]!);
    if (!trust(address, hop) || hop === hops.length - 1) return address;
  }
  return socketAddress;
}

/** Whether the socket's peer is a trusted proxy, whose X-Forwarded-* and X-Request-Id we may read. */
export function fromTrustedProxy(req: IncomingMessage, trust: HopTrust): boolean {
  return trust(req.socket?.remoteAddress ?? '', 0);
}
