import { describe, expect, it } from 'vitest';
import { greetingName } from './greeting.ts';

const me = (name: string, email = 'marie.bistro@example.fr') => ({
  user: { id: 'u', email, role: 'user' as const, twoFactorEnabled: false, emailVerified: true, name },
  organisation: { id: 'o', name: 'Le Bistrot de Marie', role: 'owner' as const },
});

describe('greetingName', () => {
  it('greets the person by the first name they gave', () => {
    expect(greetingName(me('Marie Durand'))).toBe('Marie');
    expect(greetingName(me('  Jean-Paul  '))).toBe('Jean-Paul');
  });

  it('greets the restaurant when no name was given (the server then kept the address’s local part)', () => {
    expect(greetingName(me('marie.bistro'))).toBe('Le Bistrot de Marie');
    expect(greetingName(me(''))).toBe('Le Bistrot de Marie');
  });
});
