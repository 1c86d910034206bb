import { Hono, type Context } from 'hono';
import { z } from '../../../shared/zod-fr.ts';
import { filterAllergens } from '../../../shared/allergens.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { parseInput } from '../../lib/http.ts';
import { resolveActiveOrganisation } from '../../domain/active-organisation.ts';
import { searchOwnRecipes, searchProducts } from '../../domain/product-search.ts';
import { clampLimit, getCatalogueSearch, MIN_QUERY_LENGTH } from './search.ts';

/** docs/product/api.md « Catalogue »: public reference data (Ciqual foods, the 14 allergens), cacheable. */
export const catalogueMessages = {
  queryTooLong: 'La recherche ne peut pas dépasser 100 caractères',
} as const;

const MAX_QUERY_CHARS = 100;
/** better-auth's session cookie (src/server/auth): without it, no session lookup at all. */
const SESSION_COOKIE_NAME = 'session_token';
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

/** The signed-in caller's active organisation, or null (the search is public; products need a session). */
async function organisationOf(c: Context<AppEnv>, deps: Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'auth'>>): Promise<string | null> {
  if (!deps.auth || !c.req.header('cookie')?.includes(SESSION_COOKIE_NAME)) return null;
  const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return null;
  return (await resolveActiveOrganisation(deps.db, session.user.id)).id;
}

export function catalogueRoutes(deps: Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'auth'>>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/ingredients', async (c) => {
    const { q, limit } = readQuery(c);
    // Under 3 characters the index is not even needed (search() says the same of « a%? »).
    if (q.trim().length < MIN_QUERY_LENGTH) {
      c.header('Cache-Control', CACHE_CONTROL);
      return c.json({ hits: [] });
    }
    const organisationId = await organisationOf(c, deps);
    // The organisation's own products first, marked « Mon produit » (docs/product/products.md), then Ciqual.
    const products = organisationId === null ? [] : [...(await searchProducts(deps.db, organisationId, q, limit)), ...(await searchOwnRecipes(deps.db, organisationId, q, limit))].slice(0, limit);
    const foods = products.length >= limit ? [] : (await getCatalogueSearch(deps.db)).search(q, { limit: limit - products.length });
    // Only on success: an error (503 while the database is down) must not be cached; a signed-in answer holds the organisation's products.
    c.header('Cache-Control', organisationId === null ? CACHE_CONTROL : 'private, no-cache');
    if (organisationId !== null) c.header('Vary', 'Cookie');
    return c.json({ hits: [...products, ...foods] });
  });

  app.get('/allergens', (c) => {
    const { q } = readQuery(c);
    c.header('Cache-Control', CACHE_CONTROL);
    return c.json({ hits: filterAllergens(q).map(({ name, category }) => ({ name, category })) });
  });

  return app;
}
