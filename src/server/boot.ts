import path from 'node:path';
import type { Config } from './config.ts';
import type { AppDeps } from './context.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { createAuth } from './auth/auth.ts';
import { loadCatalogue, type CatalogueLoadResult } from './features/catalogue/load.ts';
import { createBilling } from './features/billing/index.ts';
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
    const secret = await resolveAuthSecret(config.authSecret, config.dataDir);
    const mailer = options.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(logger, [], { file: path.join(config.dataDir, DEV_MAILBOX_FILE) }));
    const auth = createAuth({ db: database.db, config, secret, mailer, logger });
    const deps: AppDeps = { config, db: database.db, dbKind: database.kind, auth, logger, mailer, billing: createBilling(config) };
    return { deps, database, catalogue, close: () => database.close() };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
