import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const server = 'http://localhost:3000';

/**
 * The app entry's chunks and their static imports: index.html loads them on every page
 * (<script> and <link rel="modulepreload">), so a lazy chunk need not list them again among
 * the files to preload with it. Vite writes each dynamic import's list of files into the
 * importing chunk (`__vite__mapDeps`); the router's list for every page sat in the entry, about
 * 1.5 kB gzip of every page's first load (bench/js-size.mjs, issue 20).
 */
function entryChunks(): { plugin: Plugin; loaded: Set<string> } {
  const loaded = new Set<string>();
  const plugin: Plugin = {
    name: 'nutricarte:entry-chunks',
    apply: 'build',
    generateBundle: {
      // Before Vite's own generateBundle writes the preload lists (vite:build-import-analysis).
      order: 'pre',
      handler(_options, bundle) {
        loaded.clear();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (loaded.has(file) || chunk?.type !== 'chunk') return;
          loaded.add(file);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const [file, chunk] of Object.entries(bundle))
          if (chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html')) visit(file);
      },
    },
  };
  return { plugin, loaded };
}

const entry = entryChunks();

export default defineConfig({
  plugins: [react(), tailwindcss(), entry.plugin],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // index.html keeps its own list (`hostType: 'html'`): those are the entry's modulepreload links.
    // The router's imports (in the entry) list what each page needs beyond the entry, fetched
    // in parallel. The lazy parts of a page (a form, a dialog, a menu: src/web/lib/lazy-component.ts)
    // list nothing: they load once the page has painted, their imports as the browser finds them,
    // and their lists were up to 1.5 kB of the page's own first load.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType, hostId }) => {
        if (hostType === 'html') return deps;
        if (!entry.loaded.has(hostId)) return [];
        return deps.filter((dep) => !entry.loaded.has(dep));
      },
    },
    // The prerendered landing page's script (scripts/prerender-landing.mjs), beside the app.
    rollupOptions: { input: { index: 'index.html', landing: 'src/web/landing/landing-script.ts' } },
  },
  server: {
    port: 5173,
    strictPort: true,
    // The Origin header stays http://localhost:5173, which `npm run dev` sets as PUBLIC_ORIGIN.
    proxy: { '/api': server, '^/menu/': server, '^/qr/': server },
  },
});
