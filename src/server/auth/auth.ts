import { betterAuth } from 'better-auth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { NEW_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from '../../shared/api/auth.ts';

/** Header set by our own wrapper from the socket (or the trusted proxy): clients cannot forge it. */
export const CLIENT_IP_HEADER = 'x-nutricarte-client-ip';

const RESET_PASSWORD_TTL_SECONDS = 60 * 60;

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

/**
 * Mails better-auth sends (reset links, confirmations) leave after the answer: a request for
 * a known address must not take longer, nor fail differently, than one for an unknown address.
 * `settle()` waits for those still on their way (at shutdown).
 */
function backgroundTasks(logger: Logger) {
  const pending = new Set<Promise<unknown>>();
  return {
    handler(task: Promise<unknown>) {
      const tracked = task
        .catch((error: unknown) => logger.error('auth: a background task failed', { err: error }))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    async settle() {
      await Promise.all([...pending]);
    },
  };
}

export function createAuth(options: {
  db: Kysely<DB>;
  config: Config;
  secret: string;
  mailer: Mailer;
  logger: Logger;
}) {
  const { db, config, secret, mailer, logger } = options;
  const background = backgroundTasks(logger);
  const confirmEmail = Boolean(config.smtpUrl);
  const authRule = { window: config.authRateLimit.windowSeconds, max: config.authRateLimit.max };
  const auth = betterAuth({
    appName: 'NutriCarte',
    baseURL: config.publicOrigin,
    basePath: '/api/auth',
    secret,
    database: { db: db as unknown as Kysely<unknown>, type: 'postgres', transaction: true },
    telemetry: { enabled: false },
    // better-auth's own messages go through our structured logger and its LOG_LEVEL.
    logger: {
      disabled: config.logLevel === 'silent',
      level: config.logLevel === 'silent' ? 'error' : config.logLevel,
      log: (level, message, ...args) =>
        logger[level](`auth: ${message}`, args.length ? { details: args.map(String) } : undefined),
    },
    trustedOrigins: config.allowedOrigins,
    emailAndPassword: {
      enabled: true,
      // Checked where a password is chosen (sign-up, reset, change), never at sign-in: existing
      // 6-character passwords still open their accounts (DECISIONS 21).
      minPasswordLength: NEW_PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: confirmEmail,
      autoSignIn: !confirmEmail,
      // docs/decisions/0006-accounts-and-data-rights.md: a single-use link valid 1 hour; every
      // session of the account ends with it.
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: 'Réinitialisez votre mot de passe – NutriCarte',
          text: `Bonjour,\n\nPour choisir un nouveau mot de passe pour votre compte NutriCarte, ouvrez ce lien (valable 1 heure, une seule fois) :\n${url}\n\nSi vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: confirmEmail,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: 'Confirmez votre adresse email – NutriCarte',
          text: `Bonjour,\n\nPour utiliser cette adresse avec votre compte NutriCarte, confirmez-la en ouvrant ce lien :\n${url}\n\nSi vous n’avez rien demandé, ignorez ce message.`,
        });
      },
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', ...timestamps },
      // With mail, a new address is used once the link sent to it is opened (sendVerificationEmail
      // to the new address); without mail nobody is verified, and the address changes at once.
      changeEmail: { enabled: true, updateEmailWithoutVerification: !confirmEmail },
      additionalFields: {
        restaurantName: {
          type: 'string',
          required: false,
          input: true,
          fieldName: 'signup_restaurant_name',
          returned: false,
        },
      },
    },
    session: {
      modelName: 'sessions',
      fields: {
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        userId: 'user_id',
        ...timestamps,
      },
    },
    account: {
      modelName: 'accounts',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
    },
    verification: { modelName: 'verifications', fields: { expiresAt: 'expires_at', ...timestamps } },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rate_limits',
      fields: { lastRequest: 'last_request' },
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': authRule,
        '/sign-up/email': authRule,
        '/request-password-reset': authRule,
        '/reset-password': authRule,
        '/change-password': authRule,
        '/change-email': authRule,
        // better-auth's plugin sets 3 per 10 s on every /two-factor/* path: ours apply instead.
        '/two-factor/*': authRule,
      },
    },
    plugins: [
      twoFactor({
        issuer: 'NutriCarte',
        schema: {
          user: { fields: { twoFactorEnabled: 'two_factor_enabled' } },
          twoFactor: {
            modelName: 'two_factors',
            fields: {
              userId: 'user_id',
              backupCodes: 'backup_codes',
              failedVerificationCount: 'failed_verification_count',
              lockedUntil: 'locked_until',
            },
          },
        },
      }),
    ],
    advanced: {
      backgroundTasks: { handler: background.handler },
      cookiePrefix: 'nutricarte',
      useSecureCookies: config.publicOrigin.startsWith('https:'),
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
  return Object.assign(auth, { settleBackgroundTasks: background.settle });
}

export type Auth = ReturnType<typeof createAuth>;
