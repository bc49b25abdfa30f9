// Who is on the other end of a request, behind the proxies we were told to trust (TRUST_PROXY).
//
// X-Forwarded-For is a list every hop appends to, so only its right end is written by our own
// proxies; anything to the left of them is whatever the client chose to send. The client's address
// is therefore the first entry, read from the right, that is not a trusted proxy, and an entry that
// is not an IP address is never taken as anyone's address.
import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/**
 * The proxies in front of the server: how many hops (Caddy in front = 1; a managed load balancer
 * in front of Caddy = 2), or the addresses and CIDR ranges they connect from. null: no proxy, the
 * socket's address is the client's and every X-Forwarded-* header is ignored.
 */
export type TrustedProxies = { hops: number } | { ranges: string[] } | null;

/** proxy-addr's names for the usual private ranges, accepted in TRUST_PROXY as well. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Reads TRUST_PROXY: unset, empty, `0` or `false` → no proxy; a whole number → that many hops
 * (`true` is read as one hop, what it meant for a single reverse proxy); otherwise a
 * comma-separated list of addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
 * Throws a Spanish message for anything else, so a typo never silently trusts everyone.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === '0' || text === 'false') return null;
  if (text === 'true') return { hops: 1 };
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const ranges = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const unreadable = ranges.filter((entry) => !(entry in NAMED_RANGES) && !toSubnet(entry));
  if (unreadable.length > 0) {
    throw new Error(
      `TRUST_PROXY debe ser el número de proxies delante del servidor o una lista de direcciones IP o rangos CIDR; no se entiende: ${unreadable.join(', ')}`,
    );
  }
  return { ranges };
}

type Subnet = { address: string; prefix: number; family: 'ipv4' | 'ipv6' };

function toSubnet(entry: string): Subnet | null {
  const [address = '', prefixText] = entry.split('/');
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

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
