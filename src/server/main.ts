import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, dinerSecurityHeaders } from './app.ts';
import { createDinerLane } from './diner-lane.ts';
import { bootServices } from './boot.ts';
import { startPurge } from './features/account/purge.ts';
import { warmCatalogueSearch, warmSearchCode } from './features/catalogue/search.ts';
import { createCrmClient } from './features/events/index.ts';
import { createOutboxWorker } from './features/events/worker.ts';
import { createWebhookSender } from './domain/webhooks/deliver.ts';
import { ConfigError, loadConfig, startProblems } from './config.ts';
import { createLogger } from './lib/logger.ts';
import { webDistDir } from './lib/paths.ts';
import { createMetrics } from './metrics.ts';

const startedAt = performance.now();
const LOOPBACK_BIND = new Set(['127.0.0.1', 'localhost', '::1']);

let config;
try {
  config = loadConfig();
  const problems = startProblems(config);
  if (problems.length) throw new ConfigError(problems);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`NutriCarte cannot start. ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

// Info lines leave once per turn of the event loop, after that turn's answers (src/server/lib/logger.ts).
const logger = createLogger(config.logLevel, undefined, { batch: true });
const services = await bootServices(config, { logger });
// Build the ingredient index before the first owner types a letter.
await warmCatalogueSearch(services.database.db);
// Webhooks to private or loopback addresses only in development (docs/decisions/0039-public-api-and-operations.md « SSRF »).
const worker = createOutboxWorker(services.database.db, createCrmClient(config), logger, {
  webhooks: createWebhookSender({ allowPrivate: config.appEnv === 'development' }),
});
const metrics = createMetrics({
  db: services.database.db,
  pool: services.database.pool,
  diner: services.deps.diner,
  menuChanges: services.deps.menuChanges,
});
const app = createApp(services.deps, { webDir: webDistDir, trustProxy: config.trustProxy, metrics });

// Expired sessions, one-time tokens and rate-limit counters: hourly, once listening.
let purge: ReturnType<typeof startPurge> | undefined;
const hostname = config.host;
// Warm diner pages and known QR codes are answered before the app (src/server/diner-lane.ts);
// everything else goes through Hono's adapter, on plain HTTP/1.1 (node:http).
const diner = createDinerLane(services.deps, await dinerSecurityHeaders(config), logger);
const toApp = getRequestListener(app.fetch);
const server = createServer((req, res) => {
  if (diner.lane(req, res)) metrics.laneServed(req, res);
  else void toApp(req, res);
});
// Metrics on a port of their own (METRICS_PORT, loopback by default): for a scraper on the host.
const metricsServer =
  config.metrics.port === undefined
    ? undefined
    : createServer((req, res) => {
        if (req.url !== '/metrics') return void res.writeHead(404).end();
        metrics.registry.metrics().then(
          (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
          () => res.writeHead(500).end(),
        );
      })
        .on('error', (error) => logger.warn('metrics port unavailable', { port: config.metrics.port, err: error }))
        .listen(config.metrics.port, config.metrics.host);
server.listen(config.port, hostname, () => {
  const info = server.address() as AddressInfo;
  logger.info('NutriCarte listening', {
    url: `http://localhost:${info.port}`,
    publicOrigin: config.publicOrigin,
    database: services.database.kind,
    appEnv: config.appEnv,
    startupMs: Math.round(performance.now() - startedAt),
  });
  // Development: the address a phone on the same Wi-Fi opens (docs/development.md); the CSRF
  // check accepts it (src/server/lib/dev-origins.ts).
  if (config.appEnv === 'development' && !LOOPBACK_BIND.has(hostname) && config.lanUrls.length) {
    logger.info(`Sur un téléphone du même réseau : ${config.lanUrls.join(' ou ')}`, { lanUrls: config.lanUrls });
  }
  worker.start();
  purge ??= startPurge(services.database.db, logger);
  // Bucket copies a failed sweep left (src/server/domain/photos/orphans.ts); no-op without S3_*.
  services.deps.photos.sweeper.start();
  // The ingredient search's code compiled before the first cook types, a few searches at a time.
  warmSearchCode(services.database.db).then(
    (warmed) => logger.info('ingredient search warmed', warmed),
    (error: unknown) => logger.warn('ingredient search warm-up failed', { error: String(error) }),
  );
});
// An idle keep-alive connection stays open 65 s, longer than the clients and proxies that
// reuse one (60 s for most). With Node's 5 s, a request sent on a connection at the moment
// the server closes it fails with ECONNRESET (seen in e2e on a busy machine,
// docs/decisions/0015-tests-that-never-cry-wolf.md), and a proxy answers 502.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  const force = setTimeout(() => {
    logger.error('forced exit after 10 s');
    process.exit(1);
  }, 10_000);
  force.unref();
  // Stop accepting connections, end the diners' live streams (they reconnect to another
  // process), let in-flight requests finish, then close the database.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  metricsServer?.close();
  services.deps.menuChanges.close();
  await closed;
  diner.stop();
  await worker.stop();
  await purge?.stop();
  // Writes the scans answered but not yet written: the count is exact after SIGTERM.
  await services.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
