import { describe, expect, it } from 'vitest';
import { allergenConfirmation } from './allergen-confirmation.ts';

const now = new Date('2026-11-20T10:00:00.000Z');

describe('allergenConfirmation', () => {
  it('names who confirmed the lists and the day, without the year when it is this year', () => {
    expect(
      allergenConfirmation(
        {
          allergenStatus: 'declared',
          allergensConfirmedBy: { userId: 'u2', name: 'Marie' },
          allergensConfirmedAt: '2026-03-12T13:05:00.000Z',
        },
        now,
      ),
    ).toBe('Allergènes confirmés par Marie le 12 mars');
    expect(
      allergenConfirmation(
        {
          allergenStatus: 'declared',
          allergensConfirmedBy: { userId: 'u2', name: 'Marie' },
          allergensConfirmedAt: '2025-03-12T13:05:00.000Z',
        },
        now,
      ),
    ).toBe('Allergènes confirmés par Marie le 12 mars 2025');
  });

  it('reads the day in Paris: 23:30 UTC on 31 December is already 1 January', () => {
    expect(
      allergenConfirmation(
        {
          allergenStatus: 'declared',
          allergensConfirmedBy: { userId: null, name: 'Paul' },
          allergensConfirmedAt: '2025-12-31T23:30:00.000Z',
        },
        now,
      ),
    ).toBe('Allergènes confirmés par Paul le 1er janvier');
  });

  it('says nothing while the lists are unconfirmed, and no name when nobody is known', () => {
    expect(
      allergenConfirmation(
        {
          allergenStatus: 'unverified',
          allergensConfirmedBy: { userId: 'u2', name: 'Marie' },
          allergensConfirmedAt: '2026-03-12T13:05:00.000Z',
        },
        now,
      ),
    ).toBeNull();
    expect(
      allergenConfirmation({ allergenStatus: 'declared', allergensConfirmedBy: null, allergensConfirmedAt: null }, now),
    ).toBeNull();
    expect(
      allergenConfirmation(
        { allergenStatus: 'declared', allergensConfirmedBy: null, allergensConfirmedAt: '2026-03-12T13:05:00.000Z' },
        now,
      ),
    ).toBe('Allergènes confirmés le 12 mars');
  });
});
