import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollBehavior } from './motion.ts';

describe('scrollBehavior', () => {
  afterEach(() => vi.unstubAllGlobals());

  const withPreference = (reduce: boolean) =>
    vi.stubGlobal('window', { matchMedia: (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)' }) });

  it('scrolls smoothly by default', () => {
    withPreference(false);
    expect(scrollBehavior()).toBe('smooth');
  });

  it('jumps for a visitor who asked for less motion', () => {
    withPreference(true);
    expect(scrollBehavior()).toBe('auto');
  });

  it('scrolls smoothly where matchMedia is missing', () => {
    vi.stubGlobal('window', {});
    expect(scrollBehavior()).toBe('smooth');
  });
});
