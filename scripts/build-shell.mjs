// Builds dist/shell/render-shell.js: the signed-in layout's first paint as a function the server
// calls for a page load with a session (src/web/shell/render-shell.tsx, src/server/lib/static.ts,
// docs/decisions/0028-server-first-paint.md). The app's own components, bundled for Node by
// Vite; React, React Router and TanStack Query stay in node_modules, shared with nothing else.
// Run by scripts/build.mjs after `vite build`.
import path from 'node:path';
import { build } from 'vite';
import { root } from './lib.mjs';

export const shellDir = path.join(root, 'dist', 'shell');

export async function buildShell() {
  await build({
    root,
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
