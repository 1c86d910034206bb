import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazy, loadedOnFirstUse } from './lazy.ts';

describe('lazy', () => {
  it('makes the value on first use, once, and keeps it (undefined included)', () => {
    let made = 0;
    const value = lazy(() => ({ n: ++made }));
    expect(made).toBe(0);
    expect(value()).toBe(value());
    expect(made).toBe(1);
    let nothing = 0;
    const empty = lazy(() => void nothing++);
    empty();
    empty();
    expect(nothing).toBe(1);
  });
});

/** The web app's and the shared code's files, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('Intl formatters at a module’s top level', () => {
  // A formatter made at load costs every page importing the module ICU's loading before its
  // first render (src/shared/lazy.ts); one made inside a function or through lazy() does not.
  const topLevel = /^(?:export\s+)?(?:const|let|var)\s+\w+(?:\s*:[^=]+)?\s*=\s*new\s+Intl\./m;

  it('the pattern catches one and lets a lazy or per-call one through', () => {
    expect(topLevel.test("const integers = new Intl.NumberFormat('fr-FR');")).toBe(true);
    expect(topLevel.test("export const f: Intl.Collator = new Intl.Collator('fr');")).toBe(true);
    expect(topLevel.test("const integers = lazy(() => new Intl.NumberFormat('fr-FR'));")).toBe(false);
    expect(topLevel.test("const quantity = (v: number) => new Intl.NumberFormat('fr-FR').format(v);")).toBe(false);
    expect(topLevel.test("  const local = new Intl.NumberFormat('fr-FR');")).toBe(false);
  });

  it('no file of the web app or of src/shared makes one', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders = [...sources(path.join(root, 'web')), ...sources(path.join(root, 'shared'))].filter((file) =>
      topLevel.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => path.relative(root, file))).toEqual([]);
  });
});

describe('loadedOnFirstUse', () => {
  it('loads once for every use, and tries again after a failed load', async () => {
    let calls = 0;
    const load = loadedOnFirstUse(async () => {
      calls += 1;
      if (calls === 1) throw new Error('réseau');
      return { calls };
    });
    await expect(load()).rejects.toThrow('réseau');
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
    expect(calls).toBe(2);
  });
});
