import { createRoute, OpenAPIHono, z, type RouteConfig } from '@hono/zod-openapi';
import type { ApiScope } from '../../../shared/api/integrations.ts';
import type { AppDeps } from '../../deps.ts';
import { expectedVersion } from '../../domain/versions.ts';
import { readJson, validationError } from '../../lib/http.ts';
import { requireApiKey, requireScope, type ApiEnv } from './auth.ts';
import { renderReferencePage } from './reference-page.ts';
import {
  ApiMealPlanSchema,
  ApiMenuSchema,
  ApiProductSchema,
  ApiRecipeSchema,
  AvailabilityInputSchema,
  ErrorSchema,
  IdParamSchema,
  ItemStateSchema,
  MealPlanQuerySchema,
  PriceInputSchema,
} from './schemas.ts';
import * as service from './service.ts';

const OPENAPI_PATH = '/openapi.json';
const REFERENCE_PATH = '/reference';

const errors = {
  401: { description: 'Clé absente, invalide ou révoquée', content: { 'application/json': { schema: ErrorSchema } } },
  403: { description: 'La clé n’a pas la permission', content: { 'application/json': { schema: ErrorSchema } } },
  404: {
    description: 'Inconnu, ou d’une autre organisation',
    content: { 'application/json': { schema: ErrorSchema } },
  },
  429: { description: 'Trop d’appels pour cette clé', content: { 'application/json': { schema: ErrorSchema } } },
} as const;
const invalid = {
  422: {
    description: 'Donnée refusée (message en français)',
    content: { 'application/json': { schema: ErrorSchema } },
  },
} as const;

const conflict = {
  409: {
    description: 'Le plat a une autre version que celle envoyée (`version` ou `If-Match`) : rien ne change',
    content: { 'application/json': { schema: ErrorSchema } },
  },
} as const;

const ok = <T extends z.ZodType>(description: string, schema: T) => ({
  200: { description, content: { 'application/json': { schema } } },
});

/** A route of the document: its scope is named in its description and checked by its middleware. */
function route<R extends Omit<RouteConfig, 'security'>>(scope: ApiScope, config: R) {
  return createRoute({
    ...config,
    security: [{ apiKey: [] }],
    description: `${config.description ?? ''}\n\nPermission : \`${scope}\`.`.trim(),
    'x-scope': scope,
  } as R & { security: { apiKey: never[] }[] });
}

const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/**
 * /api/v1 (docs/product/integrations.md, API.md « Public API »): an organisation's own tools
 * read its menus, recipes, products and meal plans, and mark dishes « Épuisé » or change their
 * price, with an API key. Every route is declared with its zod schemas (src/server/features/public-api/schemas.ts):
 * they validate the input here and make /api/v1/openapi.json (OpenAPI 3.1); a test fails when a
 * route of /api/v1 is missing from it.
 */
export function publicApiRoutes(deps: AppDeps): OpenAPIHono<ApiEnv> {
  const { db } = deps;
  const app = new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error as z.ZodError);
    },
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'Une clé d’API de l’organisation (`nc_live_…`), créée dans « Intégrations ».',
  });

  const document = () =>
    app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'NutriCarte API',
        version: '1.0.0',
        description:
          'Lire les menus, recettes, produits et plans de menus d’une organisation, et marquer un plat « Épuisé » ou changer son prix. Les webhooks signés sont décrits dans la documentation « Intégrations ».',
      },
      servers: [{ url: `${deps.config.publicOrigin}/api/v1` }],
    });
  let cached: ReturnType<typeof document> | undefined;
  app.get(OPENAPI_PATH, (c) => c.json((cached ??= document())));
  app.get(REFERENCE_PATH, (c) => c.html(renderReferencePage((cached ??= document()))));

  // The body is read as the rest of the API reads it (400 for a wrong type or malformed JSON,
  // 422 for text PostgreSQL cannot store), before the route's own schema.
  app.use('*', requireApiKey(deps));
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await readJson(c, z.unknown());
    await next();
  });

  const caller = (c: { var: ApiEnv['Variables'] }): service.ApiCaller => ({
    keyId: c.var.apiKey.id,
    keyName: c.var.apiKey.name,
    organisationId: c.var.apiKey.organisationId,
    costs: c.var.apiKey.scopes.has('costs:read'),
  });

  app.use('/menus', requireScope('menus:read'));
  app.use('/menus/*', requireScope('menus:read'));
  app.openapi(
    route('menus:read', {
      method: 'get',
      path: '/menus',
      summary: 'Les menus, avec sections et plats',
      description: 'Tous les menus de l’organisation, actifs ou non, avec prix, allergènes, régimes et nutrition.',
      responses: { ...ok('Les menus', z.object({ menus: z.array(ApiMenuSchema) })), ...errors },
    }),
    async (c) => c.json({ menus: await service.readMenus(db, c.var.apiKey.organisationId) }, 200),
  );
  app.openapi(
    route('menus:read', {
      method: 'get',
      path: '/menus/{id}',
      summary: 'Un menu',
      request: { params: IdParamSchema },
      responses: { ...ok('Le menu', z.object({ menu: ApiMenuSchema })), ...errors },
    }),
    async (c) =>
      c.json({ menu: await service.readMenu(db, c.var.apiKey.organisationId, c.req.valid('param').id) }, 200),
  );

  app.use('/recipes', requireScope('recipes:read'));
  app.use('/recipes/*', requireScope('recipes:read'));
  app.openapi(
    route('recipes:read', {
      method: 'get',
      path: '/recipes',
      summary: 'Les recettes',
      description: 'Nutrition, allergènes, régimes et ingrédients. Le coût matière seulement avec `costs:read`.',
      responses: { ...ok('Les recettes', z.object({ recipes: z.array(ApiRecipeSchema) })), ...errors },
    }),
    async (c) => c.json({ recipes: await service.readRecipes(db, caller(c)) }, 200),
  );
  app.openapi(
    route('recipes:read', {
      method: 'get',
      path: '/recipes/{id}',
      summary: 'Une recette',
      request: { params: IdParamSchema },
      responses: { ...ok('La recette', z.object({ recipe: ApiRecipeSchema })), ...errors },
    }),
    async (c) => c.json({ recipe: await service.readRecipe(db, caller(c), c.req.valid('param').id) }, 200),
  );

  app.use('/products', requireScope('products:read'));
  app.openapi(
    route('products:read', {
      method: 'get',
      path: '/products',
      summary: 'Les produits',
      description: 'Les produits de l’organisation ; le prix d’achat seulement avec `costs:read`.',
      responses: { ...ok('Les produits', z.object({ products: z.array(ApiProductSchema) })), ...errors },
    }),
    async (c) => c.json({ products: await service.readProducts(db, caller(c)) }, 200),
  );

  app.use('/meal-plans', requireScope('meal_plans:read'));
  app.openapi(
    route('meal_plans:read', {
      method: 'get',
      path: '/meal-plans',
      summary: 'Le plan de menus d’un établissement',
      description: 'Les repas prévus entre deux dates (62 jours au plus).',
      request: { query: MealPlanQuerySchema },
      responses: { ...ok('Les jours', ApiMealPlanSchema), ...errors, ...invalid },
    }),
    async (c) => c.json(await service.readMealPlan(db, c.var.apiKey.organisationId, c.req.valid('query')), 200),
  );

  app.use('/items/:id/availability', requireScope('availability:write'));
  app.openapi(
    route('availability:write', {
      method: 'put',
      path: '/items/{id}/availability',
      summary: 'Marquer un plat « Épuisé » ou de nouveau disponible',
      description:
        'Les pages publiques ouvertes du menu le montrent aussitôt ; l’événement `item.availability_changed` part aux webhooks.',
      request: { params: IdParamSchema, body: jsonBody(AvailabilityInputSchema) },
      responses: { ...ok('Le plat', ItemStateSchema), ...errors, ...conflict, ...invalid },
    }),
    // The version the write names (`version` in the body or `If-Match`): a stale one → 409.
    async (c) => {
      const version = expectedVersion(c, await c.req.json());
      const { available } = c.req.valid('json');
      return c.json(await service.writeItem(db, caller(c), c.req.valid('param').id, { available }, version), 200);
    },
  );

  app.use('/items/:id/price', requireScope('prices:write'));
  app.openapi(
    route('prices:write', {
      method: 'put',
      path: '/items/{id}/price',
      summary: 'Changer le prix d’un plat',
      description: 'Prix TTC affiché aux clients, en euros (deux décimales au plus).',
      request: { params: IdParamSchema, body: jsonBody(PriceInputSchema) },
      responses: { ...ok('Le plat', ItemStateSchema), ...errors, ...conflict, ...invalid },
    }),
    // The version the write names (`version` in the body or `If-Match`): a stale one → 409.
    async (c) => {
      const version = expectedVersion(c, await c.req.json());
      const { price } = c.req.valid('json');
      return c.json(await service.writeItem(db, caller(c), c.req.valid('param').id, { price }, version), 200);
    },
  );

  return app;
}
