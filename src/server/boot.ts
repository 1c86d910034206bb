import path from 'node:path';
import { productionWarnings, type Config } from './config.ts';
import type { AppDeps } from './deps.ts';
import { openDatabase, type Database } from './db/database.ts';
import { startDiner } from './diner.ts';
import { migrateToLatest } from './db/migrator.ts';
import { createAuth } from './auth/auth.ts';
import { loadCatalogue, type CatalogueLoadResult } from './features/catalogue/load.ts';
import { createBilling } from './features/billing/index.ts';
import { MenuChangeFeed } from './features/public-menu/menu-changes.ts';
import { createPhotoStorage } from './domain/photos/storage.ts';
import { refreshRecipeFacts } from './features/recipes/facts-refresh.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createLogMailer, createSmtpMailer, DEV_MAILBOX_FILE, type Mailer } from './mail/mailer.ts';
import { resolveAuthSecret } from './secrets.ts';

export interface Services {
  deps: AppDeps;
  database: Database;
  catalogue: CatalogueLoadResult;
  close(): Promise<void>;
}

export interface BootOptions {
  logger?: Logger;
  mailer?: Mailer;
  /** Overrides the embedded database folder (tests pass `memory://`). */
  pgliteDir?: string;
  /** An already-open database (tests): used instead of opening one; closed by `close()`. */
  database?: Database;
}

/** config → database → migrations → catalogue → auth: everything the app needs. */
function createMailer(config: Config, logger: Logger): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  // A reset link in a production log would open the account to whoever reads the log.
  if (config.appEnv === 'production') return createLogMailer(logger, [], { redact: true });
  return createLogMailer(logger, [], { file: path.join(config.dataDir, DEV_MAILBOX_FILE) });
}

export async function bootServices(config: Config, options: BootOptions = {}): Promise<Services> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: options.pgliteDir ?? path.join(config.dataDir, 'pgdata'),
    }));
  try {
    const applied = await migrateToLatest(database.db as never);
    if (applied.length) logger.info('migrations applied', { migrations: applied, database: database.kind });
    const catalogue = await loadCatalogue(database.db);
    logger.info('catalogue ready', { status: catalogue.status, foods: catalogue.foods, ms: Math.round(catalogue.ms) });
    // Stored recipe facts follow the code's version and the catalogue's values (a new Ciqual
    // edition recomputes them all); read as stored afterwards (src/shared/recipe-facts.ts).
    const refreshed = await refreshRecipeFacts(database.db, { all: catalogue.status === 'loaded' });
    if (refreshed) logger.info('recipe facts recomputed', { recipes: refreshed });
    const secret = await resolveAuthSecret(config.authSecret, config.dataDir);
    const mailer = options.mailer ?? createMailer(config, logger);
    for (const warning of productionWarnings(config)) logger.warn(warning);
    const auth = createAuth({ db: database.db, config, secret, mailer, logger });
    // One LISTEN per process: the diner's caches drop what a change made stale, then the
    // open pages of the menus it touched are told (docs/decisions/0022 « One channel »).
    const menuChanges = new MenuChangeFeed();
    const diner = await startDiner(database, logger, { menuChanges });
    const photos = createPhotoStorage(config, database.db, logger);
    const deps: AppDeps = {
      config,
      db: database.db,
      dbKind: database.kind,
      auth,
      logger,
      mailer,
      billing: createBilling(config),
      diner,
      menuChanges,
      photos,
    };
    return {
      deps,
      database,
      catalogue,
      close: async () => {
        // The open streams end; the scans answered but not yet written are written
        // (src/server/features/qr/scan-buffer.ts).
        menuChanges.close();
        await diner.close();
        await auth.settleBackgroundTasks();
        await photos.sweeper.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
