import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import type { ShellRenderer } from './first-paint.ts';

/**
 * docs/decisions/0028-server-first-paint.md: a page load of the signed-in layout gets the
 * account's GET /api/me answer painted in; the renderer is a stand-in recording what it was
 * given (the real one is tested in src/web/shell/render-shell.test.ts and e2e/dashboard.spec.ts).
 */
let t: TestApp;
let webDir: string;
const painted: { pathname: string; email: string; organisation: string; appEnv: string }[] = [];
const shell: ShellRenderer = {
  isAppLayoutPath: (pathname) => pathname === '/dashboard',
  renderAppShell: (pathname, me, config) => {
    painted.push({ pathname, email: me.user.email, organisation: me.organisation.name, appEnv: config.appEnv });
    return `<h1>Bonjour, ${me.user.email}</h1>`;
  },
  isSignedOutPaintPath: () => false,
  renderSignedOutPage: () => null,
  renderConsentBanner: () => '',
};

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'first-paint-'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="fr"><head><script type="module" crossorigin src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  // The build's record of its chunks, which names the page's tags (src/server/web-app/page-template.ts).
  await mkdir(path.join(webDir, '.vite'));
  await writeFile(
    path.join(webDir, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/app.js' } }),
  );
  t = await createTestApp({ app: { webDir, shell: Promise.resolve(shell) } });
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('the signed-in layout painted by the server', () => {
  it('paints the account’s own GET /api/me answer, and nobody’s for a visitor or a forged cookie', async () => {
    const owner = await t.signUp(undefined, undefined, 'Le Bistrot du Port');
    painted.length = 0;
    const page = await t.request('GET', '/dashboard', { cookie: owner.cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(page.text).toContain(`<div id="root" data-first-paint=""><h1>Bonjour, ${owner.email}</h1></div>`);
    expect(painted).toEqual([
      { pathname: '/dashboard', email: owner.email, organisation: 'Le Bistrot du Port', appEnv: expect.any(String) },
    ]);

    const visitor = await t.request('GET', '/dashboard');
    expect(visitor.text).toContain('<div id="root"></div>');
    const forged = await t.request('GET', '/dashboard', { cookie: 'nutricarte.session_token=inventé.faux' });
    expect(forged.status).toBe(200);
    expect(forged.text).toContain('<div id="root"></div>');
    expect(forged.errorLogs).toEqual([]);
    expect(painted).toHaveLength(1);
  });

  it('stops painting a session once it is signed out', async () => {
    const owner = await t.signUp();
    expect((await t.request('GET', '/dashboard', { cookie: owner.cookie })).text).toContain('data-first-paint');
    expect((await t.request('POST', '/api/auth/sign-out', { cookie: owner.cookie, body: {} })).status).toBe(200);
    const after = await t.request('GET', '/dashboard', { cookie: owner.cookie });
    expect(after.status).toBe(200);
    expect(after.text).toContain('<div id="root"></div>');
  });
});
