import { Hono, type Context } from 'hono';
import { z } from '../../../shared/zod-fr.ts';
import { filterAllergens } from '../../../shared/allergens.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { parseInput } from '../../lib/http.ts';
import { clampLimit, getCatalogueSearch, MIN_QUERY_LENGTH } from './search.ts';

/** docs/product/api.md « Catalogue »: public reference data (Ciqual foods, the 14 allergens), cacheable. */
export const catalogueMessages = {
  queryTooLong: 'La recherche ne peut pas dépasser 100 caractères',
} as const;

const MAX_QUERY_CHARS = 100;
const CACHE_CONTROL = 'public, max-age=300';

const querySchema = z.object({
  q: z.string().max(MAX_QUERY_CHARS, catalogueMessages.queryTooLong).default(''),
  // Not a 422: a wrong or out-of-range limit falls back to the default or the bounds.
  limit: z.string().optional(),
});

function readQuery(c: Context<AppEnv>) {
  const { q, limit } = parseInput(querySchema, { q: c.req.query('q'), limit: c.req.query('limit') });
  return { q, limit: clampLimit(limit === undefined || limit.trim() === '' ? undefined : Number(limit)) };
}

export function catalogueRoutes(deps: Pick<AppDeps, 'db'>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/ingredients', async (c) => {
    const { q, limit } = readQuery(c);
    // Under 3 characters the index is not even needed (search() says the same of « a%? »).
    const hits = q.trim().length < MIN_QUERY_LENGTH ? [] : (await getCatalogueSearch(deps.db)).search(q, { limit });
    // Only on success: an error (503 while the database is down) must not be cached.
    c.header('Cache-Control', CACHE_CONTROL);
    return c.json({ hits });
  });

  app.get('/allergens', (c) => {
    const { q } = readQuery(c);
    c.header('Cache-Control', CACHE_CONTROL);
    return c.json({ hits: filterAllergens(q).map(({ name, category }) => ({ name, category })) });
  });

  return app;
}
