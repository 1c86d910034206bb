import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a server must not be made to call on someone's behalf (SSRF): loopback, private
 * networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast,
 * documentation and reserved ranges, and their IPv6 forms (RFC 6890 and the IANA special-purpose
 * registries). An IPv4-mapped IPv6 address is judged by its IPv4 address.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

export function isPublicAddress(address: string): boolean {
  const mapped = MAPPED_V4.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateAddressError extends Error {
  constructor(readonly host: string) {
    super(`${host} resolves to a private or loopback address`);
    this.name = 'PrivateAddressError';
  }
}

/**
 * A `lookup` for node:http(s) that refuses a private address after resolving it: the check
 * and the connection use the same answer, so a name that changes between the two (DNS
 * rebinding) cannot slip through.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const allowed = addresses.filter((a) => isPublicAddress(a.address));
    if (allowed.length === 0) return callback(new PrivateAddressError(hostname), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};

/** Whether every address `host` resolves to is public (an IP literal is judged as it is). */
export async function resolvesToPublic(host: string): Promise<'public' | 'private' | 'unresolved'> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return isPublicAddress(bare) ? 'public' : 'private';
  const addresses = await new Promise<LookupAddress[] | null>((resolve) =>
    dnsLookup(bare, { all: true }, (error, found) => resolve(error ? null : found)),
  );
  if (!addresses?.length) return 'unresolved';
  return addresses.every((a) => isPublicAddress(a.address)) ? 'public' : 'private';
}
