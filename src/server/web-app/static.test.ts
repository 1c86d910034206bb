import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../context.ts';
import { compressResponses } from '../lib/compress.ts';
import type { MeResponse, PublicConfig } from '../../shared/api/account.ts';
import type { FirstPaintAccount, ShellRenderer } from './first-paint.ts';
import { mountWebApp, type WebAppOptions } from './static.ts';

let dir: string;
const bundle = `export const menu = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `plat ${i}`))};`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'web-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="fr"><head><title>NutriCarte</title><script type="module" crossorigin src="/assets/app-abc123.js"></script><link rel="modulepreload" crossorigin href="/assets/chunk.js"></head><body><div id="root"></div></body></html>',
  );
  await writeFile(
    path.join(dir, 'landing.html'),
    '<!doctype html><html lang="fr"><title>NutriCarte, la page d’accueil</title>\n    <script type="module" crossorigin src="/assets/landing-script-1.js" data-app="/assets/app-abc123.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/consent-store-2.js">\n  </head></html>',
  );
  // The build's record of its chunks (vite.config.ts `build.manifest`), which names the pages' tags.
  await mkdir(path.join(dir, '.vite'));
  await writeFile(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/app-abc123.js', isEntry: true, imports: ['_chunk.js'] },
      '_chunk.js': { file: 'assets/chunk.js' },
      'src/web/landing/landing-script.ts': {
        file: 'assets/landing-script-1.js',
        isEntry: true,
        imports: ['_consent-store.js'],
      },
      '_consent-store.js': { file: 'assets/consent-store-2.js' },
    }),
  );
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dir, 'assets', 'app-abc123.js'), bundle);
  await writeFile(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(bundle));
  await writeFile(path.join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(bundle));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function app(options?: WebAppOptions) {
  const a = new Hono<AppEnv>();
  a.use('*', compressResponses());
  mountWebApp(a, dir, options);
  return a;
}

describe('the built web app', () => {
  it('sends the brotli copy of a bundle made at build time, cached for a year', async () => {
    const res = await app().request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(bundle);
  });

  it('falls back to the gzip copy, then to the file itself', async () => {
    const gz = await app().request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await app().request('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await plain.text()).toBe(bundle);
  });

  it('caches other files of the build an hour', async () => {
    const res = await app().request('/favicon.svg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers index.html for an app route, never cached', async () => {
    const res = await app().request('/recipes');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<title>NutriCarte</title>');
    expect(html).not.toContain('data-session');
  });

  it('marks an app page when the request has a session cookie, for the page to fetch its data beside /api/me', async () => {
    const res = await app().request('/dashboard', { headers: { cookie: 'nutricarte.session_token=abc.def' } });
    const html = await res.text();
    expect(html).toContain('<html lang="fr" data-session="">');
    expect(html).toContain('<title>NutriCarte</title>');
  });
  it('answers / with the prerendered landing page, never cached (docs/decisions/0022)', async () => {
    const res = await app().request('/');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('la page d’accueil');
    expect(html).not.toContain('data-session');
  });

  it('marks the landing page when the request has a session cookie, for its script to ask /api/me', async () => {
    const res = await app().request('/', { headers: { cookie: 'nutricarte.session_token=abc.def' } });
    expect(await res.text()).toContain('<html lang="fr" data-session="">');
  });
});

describe('the signed-in layout painted by the server (docs/decisions/0028-server-first-paint.md)', () => {
  const session = { cookie: 'nutricarte.session_token=abc.def' };
  const account: FirstPaintAccount = {
    me: { user: { email: 'chef@bistrot.fr' }, organisation: { name: 'Le Bistrot $& du Port' } } as MeResponse,
    config: { appEnv: 'production' } as PublicConfig,
  };
  /** A renderer of the layout's pages (/dashboard, /recipes), which records what it was asked. */
  function renderer(calls: string[] = []): ShellRenderer {
    return {
      isAppLayoutPath: (pathname) => pathname === '/dashboard' || pathname === '/recipes',
      renderAppShell: (pathname, me) => {
        calls.push(pathname);
        return `<h1>Bonjour, ${me.user.email}</h1><p>${me.organisation.name}</p>`;
      },
      isSignedOutPaintPath: () => false,
      renderSignedOutPage: () => null,
      renderConsentBanner: () => '',
    };
  }
  const withShell = (options: Partial<WebAppOptions> = {}) =>
    app({ account: async () => account, shell: Promise.resolve(renderer()), ...options });

  it('fills #root of a layout page loaded with a session, kept by no shared cache', async () => {
    const res = await withShell().request('/dashboard', { headers: session });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('vary')).toContain('Cookie');
    const html = await res.text();
    expect(html).toContain('<html lang="fr" data-session="">');
    // « $& » is the organisation's name as typed, not a replacement pattern.
    expect(html).toContain(
      '<div id="root" data-first-paint=""><h1>Bonjour, chef@bistrot.fr</h1><p>Le Bistrot $& du Port</p></div>',
    );
    // The painted page waits for its stylesheet, not for the app's code.
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/app-abc123.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/chunk.js">');
  });

  it('reads no account without a session cookie, nor for a page outside the layout', async () => {
    let reads = 0;
    const a = withShell({
      account: async () => {
        reads += 1;
        return account;
      },
    });
    const anonymous = await a.request('/dashboard');
    expect(anonymous.headers.get('cache-control')).toBe('no-cache');
    const bare = await anonymous.text();
    expect(bare).toContain('<div id="root"></div>');
    expect(bare).not.toContain('fetchpriority');
    const outside = await a.request('/auth', { headers: session });
    expect(await outside.text()).toContain('<div id="root"></div>');
    expect(reads).toBe(0);
  });

  it('sends the bare page when the session is no longer valid, the renderer was not built, or the paint fails', async () => {
    const expired = await withShell({ account: async () => null }).request('/recipes', { headers: session });
    expect(expired.headers.get('cache-control')).toBe('no-cache');
    expect(await expired.text()).toContain('<div id="root"></div>');

    const notBuilt = await withShell({ shell: Promise.resolve(null) }).request('/recipes', { headers: session });
    expect(await notBuilt.text()).toContain('<div id="root"></div>');

    const errors: unknown[] = [];
    const failing = withShell({
      account: async () => {
        throw new Error('base de données indisponible');
      },
      onFirstPaintError: (error) => errors.push(error),
    });
    const res = await failing.request('/recipes', { headers: session });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root"></div>');
    expect(errors).toHaveLength(1);
  });
});

describe('signed-out pages painted by the server (docs/decisions/0028-server-first-paint.md « Signed-out pages »)', () => {
  const config = { appEnv: 'production' } as PublicConfig;
  /** A renderer of /auth, which records what it was asked. */
  function renderer(calls: string[]): ShellRenderer {
    return {
      isAppLayoutPath: () => false,
      renderAppShell: () => null,
      isSignedOutPaintPath: (pathname) => pathname === '/auth',
      renderSignedOutPage: (pathname, search) => {
        calls.push(`${pathname}${search}`);
        return `<h1>${search === '' ? 'Connexion' : 'Inscription'} $&amp;</h1>`;
      },
      renderConsentBanner: () => '<section>Cookies</section>',
    };
  }

  it('paints /auth for a visitor, in its address’s mode, with the cookie banner and the landing’s script; the app fetched, not run; once per variant', async () => {
    const calls: string[] = [];
    const a = app({ config, shell: Promise.resolve(renderer(calls)) });
    const res = await a.request('/auth');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<div id="root" data-first-paint=""><h1>Connexion $&amp;</h1></div>');
    expect(html).toContain('<div id="consent-banner-static" hidden><section>Cookies</section></div>');
    expect(html).toContain(
      '<script type="module" async crossorigin src="/assets/landing-script-1.js" data-app="/assets/app-abc123.js"></script>',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/consent-store-2.js">');
    // The app's code is fetched but neither compiled nor run: the landing's script starts it
    // on the visitor's first move (docs/decisions/0030-first-load-on-a-slow-phone.md).
    expect(html).toContain('<link rel="prefetch" crossorigin href="/assets/app-abc123.js">');
    expect(html).toContain('<link rel="prefetch" crossorigin href="/assets/chunk.js">');
    expect(html).not.toContain('src="/assets/app-abc123.js"');
    expect(html).not.toContain('<link rel="modulepreload" crossorigin href="/assets/chunk.js">');
    // No session mark: the app asks nobody for an account.
    expect(html).not.toContain('data-session');
    expect(await (await a.request('/auth?mode=inscription&utm=x')).text()).toContain('<h1>Inscription $&amp;</h1>');
    await a.request('/auth');
    await a.request('/auth?mode=autre');
    expect(calls).toEqual(['/auth', '/auth?mode=inscription']);
  });

  it('sends the bare page with a session cookie, for another page, without a renderer or landing script, or when the paint fails', async () => {
    const calls: string[] = [];
    const a = app({ config, shell: Promise.resolve(renderer(calls)) });
    expect(
      await (await a.request('/auth', { headers: { cookie: 'nutricarte.session_token=abc.def' } })).text(),
    ).toContain('<div id="root"></div>');
    expect(await (await a.request('/recipes')).text()).toContain('<div id="root"></div>');
    expect(await (await app({ config, shell: Promise.resolve(null) }).request('/auth')).text()).toContain(
      '<div id="root"></div>',
    );
    const errors: unknown[] = [];
    const failing = app({
      config,
      onFirstPaintError: (error) => errors.push(error),
      shell: Promise.resolve({
        ...renderer(calls),
        renderSignedOutPage: () => {
          throw new Error('rendu impossible');
        },
      }),
    });
    const res = await failing.request('/auth');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root"></div>');
    expect(errors).toHaveLength(1);
  });
});
