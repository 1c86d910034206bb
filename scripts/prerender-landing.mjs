// Writes dist/web/landing.html: the landing page rendered at build time from the app's own
// components (src/web/landing/prerender.tsx, through Vite's SSR loader), with the built CSS and
// the landing's small script instead of the app (issue 20: ≤ 60 kB of JavaScript on /;
// docs/decisions/0041-first-load-javascript.md). The server answers / with it
// (src/server/web-app/static.ts). Run by scripts/build.mjs after `vite build`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import { root } from './lib.mjs';

const webDir = path.join(root, 'dist', 'web');

/** The body of dist/web/landing.html, from the built index.html. */
export function landingHtml(indexHtml, manifest, { page, consentBanner, yearlyPricing }) {
  const app = manifest['index.html'];
  const landing = manifest['src/web/landing/landing-script.ts'];
  if (!app || !landing)
    throw new Error('prerender: index.html or the landing script is missing from the Vite manifest');
  let html = indexHtml
    // Neither the app's entry nor its preloads: the landing's script starts the app only when needed.
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  const preloads = (landing.imports ?? [])
    .map((key) => `\n    <link rel="modulepreload" crossorigin href="/${manifest[key].file}">`)
    .join('');
  const script = `\n    <script type="module" crossorigin src="/${landing.file}" data-app="/${app.file}"></script>${preloads}`;
  html = html.replace('</head>', `${script}\n  </head>`);
  const body = `<div id="root">${page}</div>\n    <div id="consent-banner-static" hidden>${consentBanner}</div>\n    <template id="pricing-yearly">${yearlyPricing}</template>`;
  if (!html.includes('<div id="root"></div>')) throw new Error('prerender: no empty <div id="root"> in index.html');
  return html.replace('<div id="root"></div>', body);
}

export async function prerenderLanding() {
  const vite = await createServer({
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const { renderLanding } = await vite.ssrLoadModule('/src/web/landing/prerender.tsx');
    const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8'));
    const html = landingHtml(readFileSync(path.join(webDir, 'index.html'), 'utf8'), manifest, renderLanding());
    writeFileSync(path.join(webDir, 'landing.html'), html);
  } finally {
    await vite.close();
  }
}

if (import.meta.filename === process.argv[1]) await prerenderLanding();
