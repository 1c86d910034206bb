import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp, type AppOptions } from '../app.ts';
import { bootServices, type Services } from '../boot.ts';
import { loadConfig } from '../config.ts';
import type { AppEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { openDatabase, type Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { createLogger } from '../lib/logger.ts';
import { createLogMailer, type MailMessage } from '../mail/mailer.ts';
import { databaseUrl, prepareTestDatabase } from './prepare.ts';
import { perWorker } from './per-worker.ts';
import './provided.ts';
import { recordServerError } from './server-errors.ts';

/**
 * API integration tests: one app and one fresh database per `createTestApp()`, on PGlite
 * (TEST_DB=pglite, the default) or PostgreSQL (TEST_DB=postgres, see postgres-global-setup.ts).
 */
export const TEST_ORIGIN = 'http://localhost:3000';
export const SESSION_COOKIE = 'nutricarte.session_token';
export const TEST_PASSWORD = 'motdepasse-test';

/** Response bodies are read loosely in tests: the assertions check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LooseJson = any;

export interface TestRequestOptions {
  /** A plain value is sent as JSON; a string is sent as it is (still labelled JSON unless headers say otherwise). */
  body?: unknown;
  /** The Cookie header, e.g. the `cookie` returned by `signUp`. */
  cookie?: string | undefined;
  headers?: Record<string, string>;
  /** Origin of a mutating request: the app's (PUBLIC_ORIGIN) by default; `null` sends none. */
  origin?: string | null;
  /**
   * The test causes a 5xx on purpose (a provider or database it makes fail). Otherwise a 5xx
   * answer fails the test (src/server/test/server-errors-setup.ts).
   */
  allowServerError?: boolean;
  /**
   * Default true: before the request, wait until the server has seen every change committed
   * so far (its public caches, src/server/diner.ts `sync`), and after it, write the scans it
   * took (src/server/features/qr/scan-buffer.ts): the test reads the world a moment later, as
   * a person would. `false` for the tests of that caching and batching themselves.
   */
  settle?: boolean;
}

export interface TestResponse<T = LooseJson> {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON (`null` when empty). */
  body: T;
  text: string;
  /** Cookie header built from the response's Set-Cookie (without cleared cookies); undefined without Set-Cookie. */
  cookie: string | undefined;
  /** Raw Set-Cookie lines. */
  setCookie: string[];
  /** Error lines the server logged while answering (none, unless the test allowed them). */
  errorLogs: string[];
}

export interface SignedUpUser {
  cookie: string;
  user: { id: string; email: string; name: string };
  email: string;
  password: string;
  /** The organisation made at sign-up, of which the account is the owner (docs/product/organisations.md). */
  organisationId: string;
}

export interface TestApp {
  app: Hono<AppEnv>;
  deps: AppDeps;
  db: Kysely<DB>;
  database: Database;
  /** Mails sent through the log mailer, oldest first. */
  mailbox: MailMessage[];
  request<T = LooseJson>(method: string, path: string, options?: TestRequestOptions): Promise<TestResponse<T>>;
  signUp(email?: string, password?: string, restaurantName?: string): Promise<SignedUpUser>;
  /**
   * The error lines logged since the last request, taken away: for a test that expects an
   * error in the log outside a request (a mail that fails after the answer). Left there, the
   * next request or close() fails the test.
   */
  takeErrorLogs(): string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults (e.g. `{ AUTH_RATE_LIMIT_MAX: '3' }`). */
  env?: Record<string, string | undefined>;
  /** Options of the app itself (e.g. a built web app and its first paint). */
  app?: AppOptions;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
let emailCounter = 0;

export function uniqueEmail(label = 'chef'): string {
  emailCounter += 1;
  return `${label}-${emailCounter}-${randomBytes(3).toString('hex')}@example.com`;
}

/** The session token inside a Cookie header (the cookie holds `token.signature`). */
export function sessionTokenOf(cookie: string | undefined): string {
  const token = new RegExp(`${SESSION_COOKIE.replace('.', '\\.')}=([^.;]+)`).exec(cookie ?? '')?.[1];
  if (!token) throw new Error(`no session cookie in ${cookie}`);
  return token;
}

/** The Cookie header for the cookies a response sets (a cookie set to expire is left out). */
export function cookieHeader(setCookie: string[]): string {
  return setCookie
    .map((line) => {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const cleared = attributes.some((a) => /^max-age=0$/i.test(a)) || pair.endsWith('=');
      return cleared ? '' : pair;
    })
    .filter(Boolean)
    .join('; ');
}

interface OpenedTestDatabase {
  database: Database;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

async function openPgliteDatabase(): Promise<OpenedTestDatabase> {
  const snapshot = inject('pgliteSnapshot');
  if (snapshot) {
    // Read once per worker (./per-worker.ts).
    const loadDataDir = await perWorker(`snapshot:${snapshot}`, async () => new Blob([await readFile(snapshot)]));
    return {
      database: await openDatabase({ pgliteDir: 'memory://', loadDataDir }),
      databaseUrl: undefined,
      drop: async () => {},
    };
  }
  // Outside the api-pglite project (no global setup): build the database from scratch.
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await prepareTestDatabase(database.db);
  return { database, databaseUrl: undefined, drop: async () => {} };
}

async function adminQuery(serverUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function openPostgresDatabase(): Promise<OpenedTestDatabase> {
  const serverUrl = inject('postgresAdminUrl');
  const template = inject('postgresTemplate');
  const prefix = inject('postgresDbPrefix');
  if (!serverUrl || !template || !prefix)
    throw new Error('TEST_DB=postgres needs the api-postgres project (its global setup starts the server).');
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const url = databaseUrl(serverUrl, name);
  return {
    database: await openDatabase({ databaseUrl: url, maxConnections: 5 }),
    databaseUrl: url,
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const opened = kind === 'postgres' ? await openPostgresDatabase() : await openPgliteDatabase();
  let dataDir: string | undefined;
  let services: Services;
  let mailbox: MailMessage[];
  /** Error lines the server logged since the last request looked at them. */
  const errorLines: string[] = [];
  try {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'nutricarte-test-'));
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: TEST_ORIGIN,
      // Errors only, kept in memory: each one fails the test it happened in (below).
      LOG_LEVEL: 'error',
      AUTH_RATE_LIMIT_MAX: '10000',
      DATABASE_URL: opened.databaseUrl,
      ...options.env,
    });
    const logger = createLogger(config.logLevel, (line) => errorLines.push(line));
    const mailer = createLogMailer(logger);
    services = await bootServices(config, { logger, mailer, database: opened.database });
    mailbox = mailer.mailbox;
  } catch (error) {
    await opened.database.close().catch(() => {});
    await opened.drop().catch(() => {});
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { deps } = services;
  const tempDir = dataDir;
  const app = createApp(deps, options.app);

  async function request<T = LooseJson>(
    method: string,
    urlPath: string,
    init: TestRequestOptions = {},
  ): Promise<TestResponse<T>> {
    const upper = method.toUpperCase();
    const headers = new Headers(init.headers);
    const origin = init.origin === undefined ? (MUTATING.has(upper) ? deps.config.publicOrigin : null) : init.origin;
    if (origin !== null && !headers.has('origin')) headers.set('origin', origin);
    if (init.cookie && !headers.has('cookie')) headers.set('cookie', init.cookie);
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const settle = init.settle ?? true;
    if (settle) await deps.diner.sync();
    const res = await app.request(urlPath, { method: upper, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    if (settle) await deps.diner.scans.flush();
    const logged = errorLines.splice(0);
    if (!init.allowServerError && (res.status >= 500 || logged.length)) {
      recordServerError([`${upper} ${urlPath} → ${res.status} ${text.slice(0, 300)}`, ...logged].join('\n  '));
    }
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    const setCookie = res.headers.getSetCookie();
    return {
      status: res.status,
      headers: res.headers,
      body: parsed as T,
      text,
      cookie: setCookie.length ? cookieHeader(setCookie) : undefined,
      setCookie,
      errorLogs: logged,
    };
  }

  async function signUp(
    email = uniqueEmail(),
    password = TEST_PASSWORD,
    restaurantName?: string,
  ): Promise<SignedUpUser> {
    const res = await request('POST', '/api/auth/sign-up/email', {
      body: { email, password, ...(restaurantName !== undefined ? { restaurantName } : {}) },
    });
    if (res.status !== 200 || !res.cookie?.includes(`${SESSION_COOKIE}=`)) {
      throw new Error(`sign-up of ${email} failed: ${res.status} ${res.text}`);
    }
    const { active_organisation_id: organisationId } = await deps.db
      .selectFrom('users')
      .select('active_organisation_id')
      .where('id', '=', res.body.user.id)
      .executeTakeFirstOrThrow();
    if (!organisationId) throw new Error(`sign-up of ${email} made no organisation`);
    return { cookie: res.cookie, user: res.body.user, email, password, organisationId };
  }

  let closed = false;
  return {
    app,
    deps,
    db: deps.db,
    database: opened.database,
    mailbox,
    request,
    signUp,
    takeErrorLogs: () => errorLines.splice(0),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await services.close();
        // Errors logged outside a request (a task after the answer, the shutdown).
        if (errorLines.length) recordServerError(['logged outside a request', ...errorLines.splice(0)].join('\n  '));
      } finally {
        await opened.drop();
        await rm(tempDir, { recursive: true, force: true });
      }
    },
  };
}
