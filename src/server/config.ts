import os from 'node:os';
import { z } from 'zod';
import type { LegalInfo } from '../shared/api/account.ts';
import { detectEnvironment, type AppEnv } from '../shared/environment.ts';
import { developmentOrigins, lanAddresses, type NetworkInterfaces } from './lib/dev-origins.ts';

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: RegExp, hint: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => {
        try {
          return protocols.test(new URL(value).protocol);
        } catch {
          return false;
        }
      }, hint)
      .optional(),
  );

const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false')
    .default('false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes'),
);

const envSchema = z
  .object({
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./.data')),
    DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'must be a postgres:// or postgresql:// URL'),
    PUBLIC_ORIGIN: optionalUrl(/^https?:$/, 'must be an http:// or https:// origin'),
    APP_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production']).optional()),
    BETTER_AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    ADMIN_EMAILS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('')
        .transform((value) =>
          value
            .split(',')
            .map((e) => e.trim().toLowerCase())
            .filter(Boolean),
        )
        .refine(
          (list) => list.every((e) => z.email().safeParse(e).success),
          'must be comma-separated e-mail addresses',
        ),
    ),
    SMTP_URL: optionalUrl(/^smtps?:$/, 'must be an smtp:// or smtps:// URL'),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('NutriCarte <no-reply@nutricarte.fr>')),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_MONTHLY: optionalString,
    STRIPE_PRICE_YEARLY: optionalString,
    STRIPE_API_URL: optionalUrl(/^https?:$/, 'must be an http(s) URL'),
    BREVO_API_KEY: optionalString,
    BREVO_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.brevo.com/v3')),
    META_PIXEL_ID: z.preprocess(emptyToUndefined, z.string().regex(/^\d+$/, 'must be digits').optional()),
    LEGAL_COMPANY_NAME: z.preprocess(emptyToUndefined, z.string().max(200).default('NutriCarte')),
    LEGAL_FORM: optionalString,
    LEGAL_REGISTRATION: optionalString,
    LEGAL_ADDRESS: optionalString,
    LEGAL_CONTACT_EMAIL: z.preprocess(emptyToUndefined, z.email('must be an e-mail address').optional()),
    LEGAL_PUBLICATION_DIRECTOR: optionalString,
    LEGAL_HOST: optionalString,
    // Behind a load balancer: the client's address is the last one X-Forwarded-For adds
    // (src/server/lib/client-ip.ts), so each client has its own rate-limit bucket.
    TRUST_PROXY: booleanFlag,
    HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
    // A production server without SMTP_URL sends no confirmation or reset mail, and an owner's
    // change of address is never verified: it starts only when told so (docs/decisions/0034).
    ALLOW_NO_SMTP: booleanFlag,
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info')),
    AUTH_RATE_LIMIT_MAX: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(10)),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(60)),
    AUTH_ACCOUNT_MAX_FAILURES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(10)),
    // Minutes, not hours: the window is also the longest an owner can be locked out.
    AUTH_ACCOUNT_WINDOW_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(3600, 'must be at most 3600 (1 hour)').default(900),
    ),
    // GET /metrics (src/server/metrics.ts): with this token on the app's port, and/or on a port of its own.
    METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
    METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
    // Photos in an S3-compatible bucket instead of PostgreSQL (docs/decisions/0017-photos.md).
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalUrl(/^https?:$/, 'must be an http(s) URL'),
    S3_REGION: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z.preprocess(
      emptyToUndefined,
      z.enum(['true', 'false', '1', '0'], 'must be true or false').optional(),
    ),
  })
  .superRefine((env, ctx) => {
    // A bucket needs its region and keys; keys without a bucket are a typo in the bucket's name.
    const s3Keys = ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    if (env.S3_BUCKET) {
      for (const key of s3Keys)
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when S3_BUCKET is set' });
    } else if ([...s3Keys, 'S3_ENDPOINT' as const].some((key) => env[key])) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when other S3_* keys are set' });
    }
  });

/** « NutriCarte <no-reply@nutricarte.fr> » → « no-reply@nutricarte.fr ». */
function mailAddress(from: string): string | undefined {
  const address = (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
  return z.email().safeParse(address).success ? address : undefined;
}

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicOrigin: string;
  /**
   * Origins accepted by the CSRF check and better-auth: PUBLIC_ORIGIN; in development also the
   * loopback and LAN origins of this machine (src/server/lib/dev-origins.ts).
   */
  allowedOrigins: string[];
  /** Development: `http://<LAN address>:PORT`, what a phone on the same network opens. */
  lanUrls: string[];
  appEnv: AppEnv;
  /** TRUST_PROXY: read the client's address from X-Forwarded-For. */
  trustProxy: boolean;
  /** HOST: the address to listen on. */
  host: string;
  /** ALLOW_NO_SMTP: a production server may start without SMTP_URL. */
  allowNoSmtp: boolean;
  authSecret: string | undefined;
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe:
    | {
        secretKey: string;
        webhookSecret: string | undefined;
        priceMonthly: string | undefined;
        priceYearly: string | undefined;
        apiUrl: string | undefined;
      }
    | undefined;
  brevo: { apiKey: string; apiUrl: string } | undefined;
  metaPixelId: string | undefined;
  /** Publisher details shown on the legal pages (PublicConfig.legal). */
  legal: LegalInfo;
  /** LEGAL_CONTACT_EMAIL was set (the contact shown otherwise is a guess). */
  legalContactConfigured: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  authRateLimit: { max: number; windowSeconds: number };
  /** Wrong passwords allowed per e-mail address per window (src/server/auth/account-throttle.ts). */
  accountThrottle: { max: number; windowSeconds: number };
  /**
   * Prometheus metrics (docs/operations.md « Metrics »): `token` opens GET /metrics on the app's
   * port to `Authorization: Bearer <token>`; `port` serves them alone on `host` (loopback by default).
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** The photo bucket (S3_*); photos are stored in the database without it. */
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      }
    | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function machineInterfaces(): NetworkInterfaces {
  try {
    return os.networkInterfaces();
  } catch {
    // Some sandboxes refuse to list interfaces: then only the loopback names are accepted.
    return {};
  }
}

/** Parses the environment once. Every bad key is named in one error. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  interfaces: NetworkInterfaces = machineInterfaces(),
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError([...new Set(problems)]);
  }
  const e = parsed.data;
  const publicOrigin = (e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : `http://localhost:${e.PORT}`).replace(
    /\/$/,
    '',
  );
  const appEnv = e.APP_ENV ?? detectEnvironment(new URL(publicOrigin).hostname);
  const lan = appEnv === 'development' ? lanAddresses(interfaces) : [];
  return {
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicOrigin,
    allowedOrigins: appEnv === 'development' ? developmentOrigins(publicOrigin, e.PORT, lan) : [publicOrigin],
    lanUrls: e.PORT > 0 ? lan.map((address) => `http://${address}:${e.PORT}`) : [],
    appEnv,
    trustProxy: e.TRUST_PROXY,
    host: e.HOST,
    allowNoSmtp: e.ALLOW_NO_SMTP,
    authSecret: e.BETTER_AUTH_SECRET,
    adminEmails: e.ADMIN_EMAILS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          priceMonthly: e.STRIPE_PRICE_MONTHLY,
          priceYearly: e.STRIPE_PRICE_YEARLY,
          apiUrl: e.STRIPE_API_URL,
        }
      : undefined,
    brevo: e.BREVO_API_KEY ? { apiKey: e.BREVO_API_KEY, apiUrl: e.BREVO_API_URL } : undefined,
    metaPixelId: e.META_PIXEL_ID,
    legal: {
      companyName: e.LEGAL_COMPANY_NAME,
      legalForm: e.LEGAL_FORM ?? null,
      registration: e.LEGAL_REGISTRATION ?? null,
      address: e.LEGAL_ADDRESS ?? null,
      // Without a contact address, a MAIL_FROM set for this deployment is the best guess (its
      // default is a no-reply address, which cannot be a contact).
      contactEmail:
        e.LEGAL_CONTACT_EMAIL ??
        (env.MAIL_FROM?.trim() ? mailAddress(e.MAIL_FROM) : undefined) ??
        'contact@nutricarte.fr',
      publicationDirector: e.LEGAL_PUBLICATION_DIRECTOR ?? null,
      host: e.LEGAL_HOST ?? null,
    },
    legalContactConfigured: Boolean(e.LEGAL_CONTACT_EMAIL),
    logLevel: e.LOG_LEVEL,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    accountThrottle: { max: e.AUTH_ACCOUNT_MAX_FAILURES, windowSeconds: e.AUTH_ACCOUNT_WINDOW_SECONDS },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION!,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
        }
      : undefined,
  };
}

/**
 * Why a server must not start, though its configuration parses: production without SMTP_URL
 * (no mail confirms an address, so ADMIN_EMAILS and invitations would trust unverified
 * addresses), unless ALLOW_NO_SMTP says it on purpose.
 */
export function startProblems(config: Config): string[] {
  if (config.appEnv === 'production' && !config.smtpUrl && !config.allowNoSmtp)
    return [
      'SMTP_URL: is required in production (addresses are confirmed by mail); set ALLOW_NO_SMTP=true to start without it',
    ];
  return [];
}

/** What a production server runs without, said once at start. */
export function productionWarnings(config: Config): string[] {
  if (config.appEnv !== 'production') return [];
  const warnings: string[] = [];
  if (!config.smtpUrl)
    warnings.push(
      'SMTP_URL is not set: password reset and confirmation e-mails are not delivered (their text is not logged)',
    );
  const missing: (keyof typeof LEGAL_VARIABLES)[] = config.legalContactConfigured ? [] : ['contactEmail'];
  missing.push(
    ...(['address', 'host', 'publicationDirector', 'registration'] as const).filter((key) => !config.legal[key]),
  );
  if (missing.length)
    warnings.push(`legal pages incomplete (LCEN art. 6 III): set ${missing.map((k) => LEGAL_VARIABLES[k]).join(', ')}`);
  return warnings;
}

const LEGAL_VARIABLES = {
  contactEmail: 'LEGAL_CONTACT_EMAIL',
  address: 'LEGAL_ADDRESS',
  host: 'LEGAL_HOST',
  publicationDirector: 'LEGAL_PUBLICATION_DIRECTOR',
  registration: 'LEGAL_REGISTRATION',
} as const;
