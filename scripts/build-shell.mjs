// Builds dist/shell/render-shell.js: the signed-in layout's first paint as a function the server
// calls for a page load with a session (src/web/shell/render-shell.tsx, src/server/web-app/static.ts,
// docs/decisions/0028-server-first-paint.md). The app's own components, bundled for Node by
// Vite; React, React Router and TanStack Query stay in node_modules, shared with nothing else.
// Run by scripts/build.mjs after `vite build`.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { root } from './lib.mjs';

export const shellDir = path.join(root, 'dist', 'shell');

export async function buildShell() {
  // The production JSX runtime, which works whatever NODE_ENV the server runs under (the
  // development one does not exist in React's production build). The landing's prerender, run
  // before in the same process, has set NODE_ENV to development (Vite's dev server).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildBundle();
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  checkUnderProduction();
}

/**
 * The built renderer paints a dashboard in a Node process with NODE_ENV=production, as a server
 * deployed that way runs it: a bundle that needs React's development build fails the build here
 * rather than every page load there.
 */
function checkUnderProduction() {
  const file = pathToFileURL(path.join(shellDir, 'render-shell.js')).href;
  const script = `
    const { renderAppShell } = await import(${JSON.stringify(file)});
    const organisation = { id: 'o', name: 'Le Bistrot', role: 'owner' };
    const me = { user: { id: 'u', email: 'chef@bistrot.fr', name: 'Marie Durand' }, organisation, organisations: [organisation], subscription: { tier: 'free' }, usage: { recipes: 0, menus: 0, qrCodes: 0 }, limits: { recipes: 5, menus: 1, qrCodes: 1 } };
    const html = renderAppShell('/dashboard', me, { appEnv: 'production' });
    if (!html || !html.includes('Bonjour, Marie')) throw new Error('no greeting in: ' + String(html).slice(0, 200));`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
}

function buildBundle() {
  return build({
    root,
    mode: 'production',
    logLevel: 'warn',
    build: {
      ssr: 'src/web/shell/render-shell.tsx',
      outDir: shellDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rolldownOptions: {
        output: { entryFileNames: 'render-shell.js' },
        // The shell imports the dashboard and the layout, which the app loads lazily: expected here.
        onLog(level, log, handler) {
          if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
        },
      },
    },
  });
}

if (import.meta.filename === process.argv[1]) await buildShell();
