import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from '../context.ts';

/**
 * Serves the built single-page app: hashed assets cached for a year, every other GET
 * that is not an API or server-rendered path answered with index.html (never cached).
 */
export function mountWebApp(app: Hono<AppEnv>, webDir: string): boolean {
  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8');

  app.use(
    '/assets/*',
    serveStatic({
      root: webDir,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use('*', serveStatic({ root: webDir, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600') }));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  return true;
}
