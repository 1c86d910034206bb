import { describe, expect, it } from 'vitest';
import { ClientRate } from './client-rate.ts';

describe('ClientRate', () => {
  it('lets a burst through, then one request per 1/perSecond, per client', () => {
    let now = 1_000_000;
    const rate = new ClientRate(2, 3, () => now);
    expect([rate.take('a'), rate.take('a'), rate.take('a')]).toEqual([0, 0, 0]);
    expect(rate.take('a')).toBe(1);
    expect(rate.take('b')).toBe(0); // another client is not affected
    now += 500;
    expect(rate.take('a')).toBe(0);
    expect(rate.take('a')).toBe(1);
    now += 10_000;
    expect([rate.take('a'), rate.take('a'), rate.take('a'), rate.take('a')]).toEqual([0, 0, 0, 1]);
  });

  it('forgets refilled clients when full, and stays bounded', () => {
    let now = 0;
    const rate = new ClientRate(1, 1, () => now, 2);
    rate.take('a');
    rate.take('b');
    now += 5_000;
    rate.take('c');
    expect(rate.take('c')).toBe(1);
    expect(rate.take('a')).toBe(0);
  });
});
