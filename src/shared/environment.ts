export type AppEnv = 'development' | 'production';

/**
 * docs/product/spec.md section 9: development when the host contains « dev », « staging » or
 * « localhost », or is an IP address; production otherwise.
 */
export function detectEnvironment(hostname: string): AppEnv {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (/dev|staging|localhost/.test(host)) return 'development';
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':')) return 'development';
  return 'production';
}
