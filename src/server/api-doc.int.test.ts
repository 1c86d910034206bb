import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from './lib/paths.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

/**
 * docs/product/api.md is the HTTP contract other tools read: every route the app serves is in
 * it, by its path in backquotes as Hono writes it (`/api/recipes/:id`). better-auth's own routes
 * (`/api/auth/*`) and the web app's pages are served by catch-alls, and documented route by route.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function documentedPaths(): Set<string> {
  const text = readFileSync(path.join(projectRoot, 'docs/product/api.md'), 'utf8');
  return new Set([...text.matchAll(/`(\/[^`\s?]*)/g)].map((match) => match[1]!));
}

describe('docs/product/api.md', () => {
  it('documents every route the app serves', () => {
    const documented = documentedPaths();
    const served = [
      ...new Set(
        t.app.routes
          .filter((route) => route.method !== 'ALL' && !route.path.includes('*'))
          .map((route) => `${route.method} ${route.path}`),
      ),
    ];
    expect(served.length).toBeGreaterThan(100);
    expect(served.filter((route) => !documented.has(route.split(' ')[1]!))).toEqual([]);
  });
});
