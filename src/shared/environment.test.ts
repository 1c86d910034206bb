import { describe, expect, it } from 'vitest';
import { detectEnvironment } from './environment.ts';

describe('detectEnvironment (docs/product/spec.md section 9)', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'dev.nutricarte.fr',
    'nutricarte-dev.example.com',
    'staging.nutricarte.fr',
    'app.Staging.example.org',
  ])('%s is development (dev, staging or localhost in the host)', (host) =>
    expect(detectEnvironment(host)).toBe('development'),
  );

  it.each(['127.0.0.1', '192.168.1.20', '10.0.0.1', '::1', '[::1]', '2001:db8::1'])(
    '%s is development (an IP address)',
    (host) => {
      expect(detectEnvironment(host)).toBe('development');
    },
  );

  it.each(['nutricarte.fr', 'www.nutricarte.fr', 'menu.example.com', 'app.restaurant.com'])(
    '%s is production',
    (host) => {
      expect(detectEnvironment(host)).toBe('production');
    },
  );
});
