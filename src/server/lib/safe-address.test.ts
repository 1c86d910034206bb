import { describe, expect, it } from 'vitest';
import { isPublicAddress, resolvesToPublic } from './safe-address.ts';

/**
 * The ranges of the IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890) that a
 * webhook may not reach; each case names its registry entry.
 */
describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback, RFC 1122'],
    ['127.255.255.254', 'loopback, RFC 1122'],
    ['10.1.2.3', 'private-use, RFC 1918'],
    ['172.16.0.1', 'private-use, RFC 1918'],
    ['172.31.255.255', 'private-use, RFC 1918'],
    ['192.168.1.1', 'private-use, RFC 1918'],
    ['169.254.169.254', 'link local, RFC 3927 (cloud metadata)'],
    ['100.64.0.1', 'shared address space, RFC 6598'],
    ['0.0.0.0', '"this network", RFC 791'],
    ['192.0.2.10', 'documentation TEST-NET-1, RFC 5737'],
    ['198.18.0.1', 'benchmarking, RFC 2544'],
    ['224.0.0.1', 'multicast, RFC 5771'],
    ['255.255.255.255', 'limited broadcast, RFC 919'],
    ['::1', 'loopback, RFC 4291'],
    ['::', 'unspecified, RFC 4291'],
    ['fd00::1', 'unique-local, RFC 4193'],
    ['fe80::1', 'link-local unicast, RFC 4291'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback, RFC 4291'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private, RFC 4291'],
    ['2001:db8::1', 'documentation, RFC 3849'],
    ['not an address', 'not an IP at all'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([['93.184.215.14'], ['8.8.8.8'], ['172.32.0.1'], ['2606:4700:4700::1111'], ['::ffff:8.8.8.8']])(
    'accepts the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('judges host names by what they resolve to, and IP literals as they are', async () => {
    expect(await resolvesToPublic('localhost')).toBe('private');
    expect(await resolvesToPublic('127.0.0.1')).toBe('private');
    expect(await resolvesToPublic('[::1]')).toBe('private');
    expect(await resolvesToPublic('8.8.8.8')).toBe('public');
    expect(await resolvesToPublic('nothing.invalid')).toBe('unresolved');
  });
});
