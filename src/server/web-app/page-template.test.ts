import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { MeResponse, PublicConfig } from '../../shared/api/account.ts';
import type { AppEnv } from '../context.ts';
import type { ShellRenderer } from './first-paint.ts';
import { appPageTemplate, landingScriptTags, withPaintedTitle, type ViteManifest } from './page-template.ts';
import { mountWebApp } from './static.ts';

/**
 * test-build/ holds pages of a real `npm run build` (index.html as Vite wrote it, landing.html
 * with its page cut short) and the part of the Vite manifest naming their chunks; served-before/
 * holds what the server answered for them when it changed the pages with regular expressions,
 * before src/server/web-app/page-template.ts: the answers must stay byte for byte the same.
 */
const builtDir = path.join(import.meta.dirname, 'test-build');
const servedDir = path.join(import.meta.dirname, 'served-before');

const session = { cookie: 'nutricarte.session_token=abc.def' };
/** The layout's pages (/dashboard, /recipes, the latter with its own title) and the signed-out ones (/auth, /reset-password). */
const renderer: ShellRenderer = {
  isAppLayoutPath: (p) => p === '/dashboard' || p === '/recipes',
  renderAppShell: (p, me) =>
    `${p === '/recipes' ? '<title>Mes recettes – NutriCarte</title>' : ''}<h1>Bonjour, ${me.user.email}</h1><p>${me.organisation.name}</p>`,
  isSignedOutPaintPath: (p) => p === '/auth' || p === '/reset-password',
  renderSignedOutPage: (p, search) =>
    p === '/auth'
      ? `<title>Connexion – NutriCarte</title><h1>${search === '' ? 'Connexion' : 'Inscription'} $&amp;</h1>`
      : '<h1>Nouveau mot de passe</h1>',
  renderConsentBanner: () => '<section>Cookies</section>',
};
const cases: [name: string, url: string, headers: Record<string, string>][] = [
  ['root', '/', {}],
  ['root-session', '/', session],
  ['recipes-bare', '/recipes', {}],
  ['dashboard-session', '/dashboard', session],
  ['recipes-session', '/recipes', session],
  ['menus-session', '/menus', session],
  ['auth', '/auth', {}],
  ['auth-signup', '/auth?mode=inscription', {}],
  ['reset', '/reset-password', {}],
  ['auth-session', '/auth', session],
];

describe('the built pages, changed from the Vite manifest (src/server/web-app/page-template.ts)', () => {
  it('serves every page variant byte for byte as the regular expressions did', async () => {
    const app = new Hono<AppEnv>();
    mountWebApp(app, builtDir, {
      account: async () => ({
        me: { user: { email: 'chef@bistrot.fr' }, organisation: { name: 'Le Bistrot $& du Port' } } as MeResponse,
        config: { appEnv: 'production' } as PublicConfig,
      }),
      config: { appEnv: 'production' } as PublicConfig,
      shell: Promise.resolve(renderer),
    });
    expect(readdirSync(servedDir).sort()).toEqual(cases.map(([name]) => `${name}.html`).sort());
    for (const [name, url, headers] of cases) {
      const res = await app.request(url, { headers });
      const served = `${res.status} ${res.headers.get('cache-control')}\n${await res.text()}`;
      expect(served, name).toBe(readFileSync(path.join(servedDir, `${name}.html`), 'utf8'));
    }
  });

  const manifest: ViteManifest = {
    'index.html': { file: 'a.js', imports: ['_b.js'] },
    '_b.js': { file: 'b.js' },
    'src/web/landing/landing-script.ts': { file: 'l.js', imports: ['_c.js'] },
    '_c.js': { file: 'c.js' },
  };
  const page = (head: string) => `<html lang="fr"><head>${head}</head><body><div id="root"></div></body></html>`;
  const vite =
    '<script type="module" crossorigin src="/a.js"></script><link rel="modulepreload" crossorigin href="/b.js"><link rel="stylesheet" crossorigin href="/c.css">';

  it('turns the app’s entry and module preloads into prefetches, or into low-priority tags, and nothing else', () => {
    const template = appPageTemplate(page(vite), manifest);
    expect(template.onFirstMove).toBe(
      page(
        '<link rel="prefetch" crossorigin href="/a.js"><link rel="prefetch" crossorigin href="/b.js"><link rel="stylesheet" crossorigin href="/c.css">',
      ),
    );
    expect(template.painted).toBe(
      page(
        '<script type="module" fetchpriority="low" crossorigin src="/a.js"></script><link rel="modulepreload" fetchpriority="low" crossorigin href="/b.js"><link rel="stylesheet" crossorigin href="/c.css">',
      ).replace('<html lang="fr">', '<html lang="fr" data-session="">'),
    );
  });

  it('refuses, at startup, a page that does not hold what the manifest names', () => {
    // Another build's entry, a preload of no chunk, a second module script, no #root.
    expect(() => appPageTemplate(page(vite), { ...manifest, 'index.html': { file: 'z.js' } })).toThrow(/z\.js/);
    expect(() => appPageTemplate(page(`${vite}<link rel="modulepreload" crossorigin href="/x.js">`), manifest)).toThrow(
      /module preload/,
    );
    expect(() => appPageTemplate(page(`${vite}<script type="module" src="/y.js"></script>`), manifest)).toThrow(
      /module script/,
    );
    expect(() => appPageTemplate(page(vite).replace('<div id="root"></div>', ''), manifest)).toThrow(/root/);
  });

  it('finds the landing’s script and its preloads as the build wrote them, or nothing', () => {
    const tags =
      '<script type="module" crossorigin src="/l.js" data-app="/a.js"></script>\n    <link rel="modulepreload" crossorigin href="/c.js">';
    expect(landingScriptTags(`<head>${tags}\n  </head>`, manifest)).toBe(tags);
    expect(landingScriptTags('<head><script type="module" src="/a.js"></script></head>', manifest)).toBeNull();
    expect(landingScriptTags(`<head>${tags}</head>`, { 'index.html': manifest['index.html']! })).toBeNull();
  });

  it('moves a painted page’s own title to the head, and leaves a page without one alone', () => {
    const html = '<head><title>NutriCarte</title></head>';
    expect(withPaintedTitle(html, '<title>Connexion</title><h1>Connexion</h1>')).toEqual({
      html: '<head><title>Connexion</title></head>',
      markup: '<h1>Connexion</h1>',
    });
    expect(withPaintedTitle(html, '<h1>Connexion</h1>')).toEqual({ html, markup: '<h1>Connexion</h1>' });
  });
});
