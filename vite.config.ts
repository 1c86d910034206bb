import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
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
