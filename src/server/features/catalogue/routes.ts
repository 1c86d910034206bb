import { Hono, type Context } from 'hono';
import { z } from '../../../shared/zod-fr.ts';
import { filterAllergens } from '../../../shared/allergens.ts';
import type { AppEnv } from '../../context.ts';
import type { AppDeps, DinerState } from '../../deps.ts';
import { parseInput } from '../../lib/http.ts';
import type { IngredientHit } from '../../../shared/api/recipes.ts';
import { clampLimit, getCatalogueSearch, MIN_QUERY_LENGTH } from './search.ts';
import { searchOwnIngredients } from './own-ingredients.ts';

/** docs/product/api.md « Catalogue »: public reference data (Ciqual foods, the 14 allergens), cacheable. */
const catalogueMessages = {
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

/**
 * The signed-in caller's organisation and its own hits (products, then recipes), or null
 * without a session (the search is public; products need one). Each from memory when kept, as
 * on every signed-in route: the session and the active organisation (app.ts, from GET /api/me's
 * kept answer, where a lost membership falls back as requireUser does:
 * docs/product/organisations.md « Losing access »), and the organisation's names and hits
 * (./own-ingredients.ts). All kept, a keystroke makes no query.
 */
async function ownHits(
  c: Context<AppEnv>,
  deps: CatalogueDeps,
  q: string,
  limit: number,
): Promise<{ organisationId: string; hits: IngredientHit[] } | null> {
  if (!deps.signedInOrganisation || !c.req.header('cookie')?.includes(SESSION_COOKIE_NAME)) return null;
  const organisationId = await deps.signedInOrganisation(c);
  if (organisationId === null) return null;
  return { organisationId, hits: await searchOwnIngredients(deps.db, deps.ownIngredients, organisationId, q, limit) };
}

/**
 * Each hit's JSON, written once. The Ciqual hits are the same objects from one search to the
 * next (src/server/features/catalogue/search.ts keeps them with the index), and so are the
 * organisation's kept hits (./own-ingredients.ts, dropped whole when one changes), so a
 * keystroke writes only the list around them (docs/decisions/0031). Neither is ever changed in
 * place: a changed product or recipe is a new hit.
 */
const hitJson = new WeakMap<IngredientHit, string>();

/** `JSON.stringify({ hits })`, with each hit's JSON kept (the same bytes: routes.test.ts). */
export function hitsJson(hits: readonly IngredientHit[]): string {
  let body = '{"hits":[';
  for (let i = 0; i < hits.length; i++) {
    const hit = hits[i]!;
    let json = hitJson.get(hit);
    if (json === undefined) {
      json = JSON.stringify(hit);
      hitJson.set(hit, json);
    }
    body += i === 0 ? json : `,${json}`;
  }
  return `${body}]}`;
}

export interface CatalogueDeps extends Pick<AppDeps, 'db'> {
  /** The active organisation of the request's signed-in account, or null (app.ts); without it every search is anonymous. */
  signedInOrganisation?: (c: Context<AppEnv>) => Promise<string | null>;
  /** The process's kept own ingredients (src/server/diner.ts); without them, each search reads what it shows. */
  ownIngredients?: DinerState['ownIngredients'];
}

export function catalogueRoutes(deps: CatalogueDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/ingredients', async (c) => {
    const { q, limit } = readQuery(c);
    // Under 3 characters the index is not even needed (search() says the same of « a%? »).
    if (q.trim().length < MIN_QUERY_LENGTH) {
      c.header('Cache-Control', CACHE_CONTROL);
      return c.json({ hits: [] });
    }
    const own = await ownHits(c, deps, q, limit);
    const organisationId = own?.organisationId ?? null;
    // Anyone may search without signing in: that is charged to the client's budget (src/server/app.ts).
    if (organisationId === null) c.get('chargeDiner')?.();
    // The organisation's own products first, marked « Mon produit » (docs/product/products.md), then its recipes, then Ciqual.
    const products = own?.hits ?? [];
    const foods =
      products.length >= limit ? [] : (await getCatalogueSearch(deps.db)).search(q, { limit: limit - products.length });
    // Only on success: an error (503 while the database is down) must not be cached; a signed-in answer holds the organisation's products.
    c.header('Cache-Control', organisationId === null ? CACHE_CONTROL : 'private, no-cache');
    if (organisationId !== null) c.header('Vary', 'Cookie');
    return c.body(hitsJson([...products, ...foods]), 200, { 'Content-Type': 'application/json' });
  });

  app.get('/allergens', (c) => {
    const { q } = readQuery(c);
    c.header('Cache-Control', CACHE_CONTROL);
    return c.json({ hits: filterAllergens(q).map(({ name, category }) => ({ name, category })) });
  });

  return app;
}
