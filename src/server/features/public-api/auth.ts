import type { Context, MiddlewareHandler } from 'hono';
import { sql } from 'kysely';
import { integrationMessages as m, type ApiScope } from '../../../shared/api/integrations.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { hashApiKey, looksLikeApiKey } from '../../domain/api-keys.ts';
import { AppError, RateLimitedError } from '../../lib/errors.ts';
import { countAttempt } from '../../lib/rate-limit.ts';
import { messages } from '../../../shared/messages.ts';

/** The key a request of /api/v1 was made with. */
export interface ApiKeyContext {
  id: string;
  name: string;
  organisationId: string;
  scopes: ReadonlySet<string>;
}

export type ApiEnv = AppEnv & { Variables: { apiKey: ApiKeyContext } };

const bearer = (c: Context) => /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];

/**
 * `Authorization: Bearer nc_live_…` (docs/product/integrations.md): 401 without a key or with a
 * wrong or revoked one; 429 past the key's calls per minute (counted in PostgreSQL, so across
 * every process: src/server/lib/rate-limit.ts). Every call made with a valid key, refused or
 * not, is written to `api_calls` with its status once answered, and the key's last use is
 * kept to the minute.
 */
export function requireApiKey(deps: AppDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const given = bearer(c);
    if (!given) throw new AppError('unauthenticated', 401, m.missingKey);
    if (!looksLikeApiKey(given)) throw new AppError('unauthenticated', 401, m.invalidKey);
    const key = await deps.db
      .selectFrom('api_keys')
      .select(['id', 'name', 'organisation_id', 'scopes', 'rate_per_minute'])
      .where('key_hash', '=', hashApiKey(given))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!key) throw new AppError('unauthenticated', 401, m.invalidKey);
    c.set('apiKey', { id: key.id, name: key.name, organisationId: key.organisation_id, scopes: new Set(key.scopes) });
    let status = 500;
    try {
      const rate = await countAttempt(deps.db, `api-key:${key.id}`, { windowSeconds: 60, max: key.rate_per_minute });
      if (!rate.allowed) throw new RateLimitedError(messages.generic.tooManyRequests, rate.retryAfterSeconds);
      await next();
      status = c.res.status;
    } catch (error) {
      status = error instanceof AppError ? error.status : 500;
      throw error;
    } finally {
      await recordCall(deps, c, key.id, key.organisation_id, status).catch((error: unknown) =>
        deps.logger.warn('api call not recorded', { requestId: c.var.requestId, err: error }),
      );
    }
  };
}

async function recordCall(deps: AppDeps, c: Context<ApiEnv>, keyId: string, organisationId: string, status: number) {
  await sql`
    WITH call AS (
      INSERT INTO api_calls (organisation_id, api_key_id, method, path, status, request_id)
      VALUES (${organisationId}, ${keyId}, ${c.req.method}, ${c.req.path.slice(0, 500)}, ${status}, ${c.var.requestId})
    )
    UPDATE api_keys SET last_used_at = now()
    WHERE id = ${keyId} AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`.execute(deps.db);
}

/** 403 when the key lacks `scope`. */
export const requireScope =
  (scope: ApiScope): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    if (!c.var.apiKey.scopes.has(scope)) throw new AppError('forbidden', 403, m.missingScope);
    await next();
  };
