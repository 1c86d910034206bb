import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, productionWarnings, startProblems } from './config.ts';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './.data',
      databaseUrl: undefined,
      publicOrigin: 'http://localhost:3000',
      appEnv: 'development',
      authSecret: undefined,
      adminEmails: [],
      smtpUrl: undefined,
      mailFrom: 'NutriCarte <no-reply@nutricarte.fr>',
      stripe: undefined,
      brevo: undefined,
      logLevel: 'info',
      authRateLimit: { max: 10, windowSeconds: 60 },
    });
  });

  it('accepts the loopback and LAN origins in development only, and names the LAN URL for a phone', () => {
    const interfaces = {
      wlan0: [
        {
          address: '192.168.1.20',
          family: 'IPv4',
          internal: false,
          netmask: '255.255.255.0',
          mac: '00:00:00:00:00:00',
          cidr: '192.168.1.20/24',
        } as const,
      ],
    };
    const dev = loadConfig({ PORT: '3000' }, interfaces);
    expect(dev.allowedOrigins).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://192.168.1.20:3000',
    ]);
    expect(dev.lanUrls).toEqual(['http://192.168.1.20:3000']);
    const production = loadConfig({ PORT: '3000', PUBLIC_ORIGIN: 'https://app.nutricarte.fr' }, interfaces);
    expect(production.appEnv).toBe('production');
    expect(production.allowedOrigins).toEqual(['https://app.nutricarte.fr']);
    expect(production.lanUrls).toEqual([]);
    // APP_ENV=production on a local origin stays strict too.
    expect(loadConfig({ PORT: '3000', APP_ENV: 'production' }, interfaces).allowedOrigins).toEqual([
      'http://localhost:3000',
    ]);
  });

  it('reads the per-address sign-in throttle, at most one hour', () => {
    expect(loadConfig({}).accountThrottle).toEqual({ max: 10, windowSeconds: 900 });
    expect(loadConfig({ AUTH_ACCOUNT_MAX_FAILURES: '5', AUTH_ACCOUNT_WINDOW_SECONDS: '300' }).accountThrottle).toEqual({
      max: 5,
      windowSeconds: 300,
    });
    expect(configError({ AUTH_ACCOUNT_WINDOW_SECONDS: '86400', AUTH_ACCOUNT_MAX_FAILURES: '0' }).problems).toEqual([
      'AUTH_ACCOUNT_MAX_FAILURES: Too small: expected number to be >=1',
      'AUTH_ACCOUNT_WINDOW_SECONDS: must be at most 3600 (1 hour)',
    ]);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', DATA_DIR: ' ', PUBLIC_ORIGIN: '', DATABASE_URL: '', ADMIN_EMAILS: '' });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./.data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminEmails).toEqual([]);
  });

  it('derives the public origin from PORT when PUBLIC_ORIGIN is unset', () => {
    expect(loadConfig({ PORT: '8080' }).publicOrigin).toBe('http://localhost:8080');
  });

  it('keeps only the origin of PUBLIC_ORIGIN', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://www.nutricarte.fr/app/' }).publicOrigin).toBe(
      'https://www.nutricarte.fr',
    );
  });

  it.each([
    ['http://localhost:3000', 'development'],
    ['https://www.nutricarte.fr', 'production'],
    ['https://staging.nutricarte.fr', 'development'],
    ['https://nutricarte-dev.example.com', 'development'],
    ['http://192.168.1.20:3000', 'development'],
    ['http://[::1]:3000', 'development'],
  ])('detects APP_ENV from PUBLIC_ORIGIN %s → %s', (origin, appEnv) => {
    expect(loadConfig({ PUBLIC_ORIGIN: origin }).appEnv).toBe(appEnv);
  });

  it('lets APP_ENV override the detection', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:3000', APP_ENV: 'production' }).appEnv).toBe('production');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://www.nutricarte.fr', APP_ENV: 'development' }).appEnv).toBe(
      'development',
    );
  });

  it('parses ADMIN_EMAILS: trimmed, lower-cased, blanks dropped', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Admin@Example.com, chef@nutricarte.fr ,,' }).adminEmails).toEqual([
      'admin@example.com',
      'chef@nutricarte.fr',
    ]);
  });

  it('accepts postgres:// and postgresql:// database URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/app' }).databaseUrl).toBe('postgres://u:p@db:5432/app');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/app' }).databaseUrl).toBe('postgresql://db/app');
  });

  it('groups Stripe and Brevo settings only when their key is set', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PRICE_MONTHLY: 'price_m',
      BREVO_API_KEY: 'xkeysib',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: undefined,
      priceMonthly: 'price_m',
      priceYearly: undefined,
      apiUrl: undefined,
    });
    expect(config.brevo).toEqual({ apiKey: 'xkeysib', apiUrl: 'https://api.brevo.com/v3' });
  });

  it('reads the auth rate limit', () => {
    expect(loadConfig({ AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '10' }).authRateLimit).toEqual({
      max: 3,
      windowSeconds: 10,
    });
  });

  it('names every bad key in one ConfigError', () => {
    const error = configError({
      PORT: 'abc',
      PUBLIC_ORIGIN: 'ftp://x',
      DATABASE_URL: 'mysql://x',
      ADMIN_EMAILS: 'notanemail',
      BETTER_AUTH_SECRET: 'short',
      LOG_LEVEL: 'verbose',
      SMTP_URL: 'http://mail',
    });
    const keys = [
      'PORT',
      'PUBLIC_ORIGIN',
      'DATABASE_URL',
      'ADMIN_EMAILS',
      'BETTER_AUTH_SECRET',
      'LOG_LEVEL',
      'SMTP_URL',
    ];
    for (const key of keys) expect(error.message).toContain(`${key}:`);
    expect(error.problems.map((p) => p.split(':')[0]).sort()).toEqual([...keys].sort());
    expect(error.message).toMatch(/^Invalid configuration:/);
  });

  it('rejects a port out of range and one bad address among admin e-mails', () => {
    expect(configError({ PORT: '70000' }).problems).toEqual([expect.stringMatching(/^PORT:/)]);
    expect(configError({ ADMIN_EMAILS: 'a@example.com, nope' }).problems).toEqual([
      expect.stringMatching(/^ADMIN_EMAILS:/),
    ]);
  });
});

describe('legal pages and production warnings', () => {
  it('shows a contact address that can answer: LEGAL_CONTACT_EMAIL, else a MAIL_FROM set for this deployment, never the no-reply default', () => {
    expect(loadConfig({}).legal.contactEmail).toBe('contact@nutricarte.fr');
    expect(loadConfig({ MAIL_FROM: 'Bistrot <bonjour@bistrot.fr>' }).legal.contactEmail).toBe('bonjour@bistrot.fr');
    expect(loadConfig({ MAIL_FROM: 'x <a@b.fr>', LEGAL_CONTACT_EMAIL: 'rgpd@bistrot.fr' }).legal.contactEmail).toBe(
      'rgpd@bistrot.fr',
    );
  });

  it('warns a production server without mail or with incomplete legal pages, and a development one never', () => {
    expect(productionWarnings(loadConfig({}))).toEqual([]);
    const bare = productionWarnings(loadConfig({ APP_ENV: 'production' }));
    expect(bare).toEqual([
      expect.stringMatching(/^SMTP_URL is not set/),
      'legal pages incomplete (LCEN art. 6 III): set LEGAL_CONTACT_EMAIL, LEGAL_ADDRESS, LEGAL_HOST, LEGAL_PUBLICATION_DIRECTOR, LEGAL_REGISTRATION',
    ]);
    const complete = loadConfig({
      APP_ENV: 'production',
      SMTP_URL: 'smtps://u:p@smtp.example.fr:465',
      LEGAL_CONTACT_EMAIL: 'contact@bistrot.fr',
      LEGAL_ADDRESS: '1 rue de la Paix, 75002 Paris',
      LEGAL_HOST: 'OVH SAS, 2 rue Kellermann, 59100 Roubaix',
      LEGAL_PUBLICATION_DIRECTOR: 'Camille Martin',
      LEGAL_REGISTRATION: 'RCS Paris 912 345 678',
    });
    expect(productionWarnings(complete)).toEqual([]);
  });

  it('refuses to start a production server without SMTP_URL unless ALLOW_NO_SMTP says so; development always starts', () => {
    expect(startProblems(loadConfig({}))).toEqual([]);
    expect(startProblems(loadConfig({ APP_ENV: 'production' }))).toEqual([
      expect.stringMatching(/^SMTP_URL: .*ALLOW_NO_SMTP=true/),
    ]);
    expect(startProblems(loadConfig({ PUBLIC_ORIGIN: 'https://app.nutricarte.fr' }))).toHaveLength(1);
    expect(startProblems(loadConfig({ APP_ENV: 'production', ALLOW_NO_SMTP: 'true' }))).toEqual([]);
    expect(startProblems(loadConfig({ APP_ENV: 'production', SMTP_URL: 'smtp://mail.example.fr' }))).toEqual([]);
  });

  it('reads TRUST_PROXY and HOST like every other key: true, 1 or yes trust the proxy; anything else is named', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const value of ['true', '1', 'yes']) expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'oui' })).toThrow(/TRUST_PROXY: must be true or false/);
    expect(loadConfig({}).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('stores photos in the database by default, in the S3 bucket when S3_BUCKET is set with its region and keys', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    const s3 = {
      S3_BUCKET: 'nutricarte-photos',
      S3_REGION: 'fr-par',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3).s3).toEqual({
      bucket: 'nutricarte-photos',
      endpoint: undefined,
      region: 'fr-par',
      accessKeyId: 'AKIA',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: '1' }).s3).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    });
    expect(configError({ S3_BUCKET: 'photos', S3_REGION: 'fr-par' }).problems).toEqual([
      'S3_ACCESS_KEY_ID: is required when S3_BUCKET is set',
      'S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set',
    ]);
    expect(configError({ S3_ACCESS_KEY_ID: 'AKIA' }).problems).toEqual([
      'S3_BUCKET: is required when other S3_* keys are set',
    ]);
    expect(configError({ ...s3, S3_ENDPOINT: 'ftp://x', S3_FORCE_PATH_STYLE: 'oui' }).problems).toEqual([
      'S3_ENDPOINT: must be an http(s) URL',
      'S3_FORCE_PATH_STYLE: must be true or false',
    ]);
  });
});
