import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { developmentOrigins, lanAddresses } from './dev-origins.ts';

const iface = (address: string, family: 'IPv4' | 'IPv6', internal = false): NetworkInterfaceInfo =>
  ({
    address,
    family,
    internal,
    netmask: '',
    mac: '00:00:00:00:00:00',
    cidr: null,
    ...(family === 'IPv6' ? { scopeid: 0 } : {}),
  }) as NetworkInterfaceInfo;

describe('lanAddresses', () => {
  it('keeps the IPv4 addresses of the networks, without loopback, IPv6 or duplicates', () => {
    const interfaces = {
      lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
      wlan0: [iface('192.168.1.20', 'IPv4'), iface('fe80::1', 'IPv6')],
      eth0: [iface('10.0.0.5', 'IPv4'), iface('192.168.1.20', 'IPv4')],
      down: undefined,
    };
    expect(lanAddresses(interfaces)).toEqual(['192.168.1.20', '10.0.0.5']);
    expect(lanAddresses({})).toEqual([]);
  });
});

describe('developmentOrigins', () => {
  it('accepts the server port on the loopback names and the LAN addresses, over http', () => {
    expect(developmentOrigins('http://localhost:3000', 3000, ['192.168.1.20'])).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://192.168.1.20:3000',
    ]);
  });

  it("adds PUBLIC_ORIGIN's port on the same hosts when it is on this machine (the Vite dev server)", () => {
    const origins = developmentOrigins('http://localhost:5173', 3000, ['192.168.1.20']);
    expect(origins).toContain('http://127.0.0.1:5173');
    expect(origins).toContain('http://192.168.1.20:5173');
    expect(origins).toContain('http://127.0.0.1:3000');
    // PUBLIC_ORIGIN at a LAN address: the loopback names on its port too.
    expect(developmentOrigins('http://192.168.1.20:3000', 3000, ['192.168.1.20'])).toContain('http://localhost:3000');
    // A default port is written as browsers send it.
    expect(developmentOrigins('https://localhost', 3000, [])).toContain('https://127.0.0.1');
  });

  it('adds nothing for a PUBLIC_ORIGIN elsewhere, and never another port or scheme', () => {
    const origins = developmentOrigins('https://staging.nutricarte.fr', 3000, ['192.168.1.20']);
    expect(origins[0]).toBe('https://staging.nutricarte.fr');
    expect(origins).not.toContain('https://localhost');
    expect(origins).not.toContain('https://127.0.0.1:3000');
    expect(origins).not.toContain('http://127.0.0.1:3001');
    expect(origins).not.toContain('http://localhost:3000.evil.example');
    // PORT=0 (a free port chosen at start): nothing to name but PUBLIC_ORIGIN.
    expect(developmentOrigins('https://staging.nutricarte.fr', 0, ['192.168.1.20'])).toEqual([
      'https://staging.nutricarte.fr',
    ]);
  });
});
