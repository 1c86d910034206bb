import { describe, expect, it } from 'vitest';
import { addDaysIso } from './dates.ts';

describe('addDaysIso', () => {
  it('adds days across months, years and 29 February', () => {
    expect(addDaysIso('2026-09-07', 3)).toBe('2026-09-10');
    expect(addDaysIso('2026-12-30', 5)).toBe('2027-01-04');
    expect(addDaysIso('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDaysIso('2028-02-27', 3)).toBe('2028-03-01');
    expect(addDaysIso('2099-12-31', 365)).toBe('2100-12-31');
  });

  it('keeps a year before 100 as it is written (Date.UTC would read 0050 as 1950)', () => {
    expect(addDaysIso('0050-01-01', 3)).toBe('0050-01-04');
  });
});
