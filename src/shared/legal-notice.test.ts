import { describe, expect, it } from 'vitest';
import { formatSiret } from './legal-notice.ts';

describe('formatSiret', () => {
  it('writes INSEE’s example 732 829 320 00074 as the SIREN in three groups, then the NIC', () => {
    expect(formatSiret('73282932000074')).toBe('732 829 320 00074');
  });
});
