import type { NetworkInterfaceInfo } from 'node:os';

export type NetworkInterfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The machine's IPv4 addresses on its networks (Wi-Fi, Ethernet), loopback excluded. */
export function lanAddresses(interfaces: NetworkInterfaces): string[] {
  const found = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((info) => info.family === 'IPv4' && !info.internal)
    .map((info) => info.address);
  return [...new Set(found)];
}

const origin = (protocol: string, host: string, port: number) => new URL(`${protocol}//${host}:${port}`).origin;

/**
 * The origins a developer's browser may show besides PUBLIC_ORIGIN, in development only (in
 * production PUBLIC_ORIGIN is the one origin): the server's port on the loopback names and
 * on each LAN address (a phone on the same Wi-Fi), over http as the server speaks it; and,
 * when PUBLIC_ORIGIN is itself on this machine (the Vite dev server on :5173), its port on
 * those same hosts with its scheme.
 */
export function developmentOrigins(publicOrigin: string, port: number, lan: string[]): string[] {
  const hosts = [...LOOPBACK_HOSTS, ...lan];
  const origins = port > 0 ? hosts.map((host) => origin('http:', host, port)) : [];
  const pub = new URL(publicOrigin);
  if (hosts.includes(pub.hostname)) {
    const pubPort = Number(pub.port) || (pub.protocol === 'https:' ? 443 : 80);
    origins.push(...hosts.map((host) => origin(pub.protocol, host, pubPort)));
  }
  return [...new Set([publicOrigin, ...origins])];
}
