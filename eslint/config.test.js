// The repository's own eslint.config.js keeps the layering (docs/conventions.md « Layering »):
// each forbidden import, placed in a real file of src/, fails lint; what the layering allows passes.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The rule ids reported on `code` as if it were the file `file` of the repository. */
async function rulesBroken(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return [...new Set(result.messages.map((m) => m.ruleId ?? m.message))].sort();
}

/** An upward import often closes a cycle too: what matters here is the layering rule. */
const restricted = expect.arrayContaining(['import-x/no-restricted-paths']);

describe('eslint.config.js keeps the layering', () => {
  it('src/shared imports neither src/server nor src/web, types included', async () => {
    expect(
      await rulesBroken(
        'src/shared/plans.ts',
        "import type { DB } from '../server/db/schema.ts';\nexport type X = DB;\n",
      ),
    ).toEqual(restricted);
    expect(
      await rulesBroken('src/shared/plans.ts', "import { cn } from '../web/lib/cn.ts';\nexport const x = cn;\n"),
    ).toEqual(restricted);
  });

  it('src/shared uses no Node built-in, except as a type', async () => {
    expect(
      await rulesBroken(
        'src/shared/plans.ts',
        "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      ),
    ).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(await rulesBroken('src/shared/plans.ts', "import path from 'path';\nexport const x = path;\n")).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    expect(
      await rulesBroken('src/shared/plans.ts', "import type { Buffer } from 'node:buffer';\nexport type X = Buffer;\n"),
    ).toEqual([]);
    // Tests of the shared code run in Node: they may.
    expect(
      await rulesBroken(
        'src/shared/plans.test.ts',
        "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      ),
    ).toEqual([]);
  });

  it('src/web never imports src/server', async () => {
    expect(
      await rulesBroken(
        'src/web/lib/api.ts',
        "import type { AppDeps } from '../../server/deps.ts';\nexport type X = AppDeps;\n",
      ),
    ).toEqual(restricted);
  });

  it('a web feature imports no other feature and no page; a page composes them', async () => {
    expect(
      await rulesBroken(
        'src/web/features/menus/api.ts',
        "import { useRecipes } from '../recipes/api.ts';\nexport const x = useRecipes;\n",
      ),
    ).toEqual(restricted);
    expect(
      await rulesBroken(
        'src/web/features/menus/api.ts',
        "import { x } from '../../pages/menus-page.tsx';\nexport const y = x;\n",
      ),
    ).toEqual(restricted);
    expect(
      await rulesBroken(
        'src/web/pages/menus-page.tsx',
        "import { useRecipes } from '../features/recipes/api.ts';\nexport const x = useRecipes;\n",
      ),
    ).toEqual([]);
    expect(
      await rulesBroken(
        'src/web/features/menus/api.ts',
        "import { apiFetch } from '../../lib/api.ts';\nexport const x = apiFetch;\n",
      ),
    ).toEqual([]);
  });

  it('web lib and components import no feature', async () => {
    expect(
      await rulesBroken(
        'src/web/lib/format.ts',
        "import { useRecipes } from '../features/recipes/api.ts';\nexport const x = useRecipes;\n",
      ),
    ).toEqual(restricted);
    expect(
      await rulesBroken(
        'src/web/components/quoted.tsx',
        "import { useRecipes } from '../features/recipes/api.ts';\nexport const x = useRecipes;\n",
      ),
    ).toEqual(restricted);
  });

  it('a server feature imports no other feature and nothing of the composition root but its types', async () => {
    expect(
      await rulesBroken(
        'src/server/features/menus/menus.ts',
        "import { listRecipes } from '../recipes/service.ts';\nexport const x = listRecipes;\n",
      ),
    ).toEqual(restricted);
    expect(
      await rulesBroken(
        'src/server/features/menus/menus.ts',
        "import { createApp } from '../../app.ts';\nexport const x = createApp;\n",
      ),
    ).toEqual(restricted);
    expect(
      await rulesBroken(
        'src/server/features/menus/menus.ts',
        "import type { AppDeps } from '../../deps.ts';\nexport type X = AppDeps;\n",
      ),
    ).toEqual([]);
  });

  it('lib, db, domain and auth import upward no feature; context.ts imports nothing of the server', async () => {
    expect(
      await rulesBroken(
        'src/server/lib/http.ts',
        "import { requireUser } from '../auth/require-user.ts';\nexport const x = requireUser;\n",
      ),
    ).toEqual(restricted);
    expect(
      await rulesBroken(
        'src/server/db/notifications.ts',
        "import { audit } from '../domain/audit.ts';\nexport const x = audit;\n",
      ),
    ).toEqual(restricted);
    expect(
      await rulesBroken(
        'src/server/domain/audit.ts',
        "import { getRecipe } from '../features/recipes/service.ts';\nexport const x = getRecipe;\n",
      ),
    ).toEqual(restricted);
    expect(
      await rulesBroken(
        'src/server/auth/session-cache.ts',
        "import { getRecipe } from '../features/recipes/service.ts';\nexport const x = getRecipe;\n",
      ),
    ).toEqual(restricted);
    expect(
      await rulesBroken('src/server/context.ts', "import type { DB } from './db/schema.ts';\nexport type X = DB;\n"),
    ).toEqual(restricted);
  });

  it('the domain holds no route', async () => {
    expect(
      await rulesBroken('src/server/domain/audit.ts', "import { Hono } from 'hono';\nexport const x = new Hono();\n"),
    ).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(
      await rulesBroken(
        'src/server/domain/audit.ts',
        "import type { Context } from 'hono';\nexport type X = Context;\n",
      ),
    ).toEqual([]);
  });

  it('no import cycle', async () => {
    // app.ts imports lib/errors.ts: the way back closes a cycle (and lib may not import the root).
    expect(
      await rulesBroken(
        'src/server/lib/errors.ts',
        "import { createApp } from '../app.ts';\nexport const x = createApp;\n",
      ),
    ).toEqual(['import-x/no-cycle', 'import-x/no-restricted-paths']);
    // Within one feature too: service.ts imports resolve-lines.ts.
    expect(
      await rulesBroken(
        'src/server/features/recipes/resolve-lines.ts',
        "import { getRecipe } from './service.ts';\nexport const x = getRecipe;\n",
      ),
    ).toEqual(['import-x/no-cycle']);
  });

  it('a query key outside src/web/lib/query-keys.ts fails lint; queryKeys.… and an options’ key pass', async () => {
    const rule = ['house/query-keys'];
    // Only this rule matters here (the snippets may leave a name unused).
    const keyRule = async (file, code) => (await rulesBroken(file, code)).filter((id) => id === 'house/query-keys');
    const file = 'src/web/features/products/api.ts';
    const head =
      "import { useQuery, useQueryClient } from '@tanstack/react-query';\nimport { queryKeys } from '../../lib/query-keys.ts';\n";
    // A string-literal key, retyped to refresh another feature's answers.
    expect(
      await keyRule(
        file,
        `${head}export const f = (c: ReturnType<typeof useQueryClient>) => c.invalidateQueries({ queryKey: ['recipes'] });\nexport const k = [queryKeys, useQuery];\n`,
      ),
    ).toEqual(rule);
    // A key built from a local constant, and one handed to setQueryData.
    expect(
      await keyRule(
        file,
        `${head}const KEY = ['products'] as const;\nexport const u = () => useQuery({ queryKey: [...KEY, 'x'], queryFn: () => 1 });\nexport const k = queryKeys;\n`,
      ),
    ).toEqual(rule);
    expect(
      await keyRule(
        file,
        `${head}const KEY = queryKeys.products;\nexport const f = (c: ReturnType<typeof useQueryClient>) => c.setQueryData(KEY, []);\nexport const u = useQuery;\n`,
      ),
    ).toEqual(rule);
    expect(
      await keyRule(
        file,
        `${head}export const u = (id: string) => useQuery({ queryKey: queryKeys.menus.sections(id), queryFn: () => 1 });\nexport const f = (c: ReturnType<typeof useQueryClient>) => c.setQueryData(queryKeys.products, []);\n`,
      ),
    ).toEqual([]);
    // The keys module itself spells them out.
    expect(
      await keyRule(
        'src/web/lib/query-keys.ts',
        "export const queryKeys = { me: ['me'] as const };\nexport const o = { queryKey: ['me'] };\n",
      ),
    ).toEqual([]);
  });

  it('requests and mutations live in a feature’s api.ts or <topic>-api.ts, not in its components or pages', async () => {
    const rule = ['@typescript-eslint/no-restricted-imports'];
    expect(
      await rulesBroken(
        'src/web/features/auth/auth-form.tsx',
        "import { useMutation } from '@tanstack/react-query';\nexport const x = useMutation;\n",
      ),
    ).toEqual(rule);
    expect(
      await rulesBroken(
        'src/web/pages/menus-page.tsx',
        "import { api } from '../lib/api.ts';\nexport const x = api;\n",
      ),
    ).toEqual(rule);
    expect(
      await rulesBroken(
        'src/web/features/auth/two-factor-step.tsx',
        "import { ApiError } from '../../lib/api.ts';\nimport { useQueryClient } from '@tanstack/react-query';\nexport const x = [ApiError, useQueryClient];\n",
      ),
    ).toEqual([]);
    expect(
      await rulesBroken(
        'src/web/features/auth/api.ts',
        "import { useMutation } from '@tanstack/react-query';\nimport { api } from '../../lib/api.ts';\nexport const x = [useMutation, api];\n",
      ),
    ).toEqual([]);
    expect(
      await rulesBroken(
        'src/web/features/recipes/recipe-pages-api.ts',
        "import { useInfiniteQuery } from '@tanstack/react-query';\nimport { api } from '../../lib/api.ts';\nexport const x = [useInfiniteQuery, api];\n",
      ),
    ).toEqual([]);
  });
});
