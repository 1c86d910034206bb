import { describe, expect, it } from 'vitest';
import { backoffDelay, verificationWaits } from './verification-schedule.ts';

describe('payment verification schedule', () => {
  it('waits 3 s, then 2 s doubling and capped at 10 s between the 5 tries', () => {
    expect(verificationWaits()).toEqual([3000, 2000, 4000, 8000, 10_000]);
  });

  it('never waits more than 10 s', () => {
    expect(backoffDelay(10)).toBe(10_000);
  });
});
