// RuleTester cases for the layering rules (docs/decisions/0014-layering-rules.md): each rule
// accepts what the layering allows and fails on a violating snippet.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import layers from './layers.js';
import noCrossFeatureImports from './no-cross-feature-imports.js';
import noImportCycles from './no-import-cycles.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});
const root = process.cwd();
const at = (file) => path.join(root, file);

const zones = [
  { from: 'src/shared', disallow: ['src/server', 'src/web'], reason: 'shared depends on neither side' },
  { from: 'src/web', disallow: ['src/server'], reason: 'the web app uses the API' },
];

tester.run('layering/layers', layers, {
  valid: [
    { filename: at('src/shared/plans.ts'), code: "import { countOf } from './typography.ts';", options: [zones] },
    {
      filename: at('src/web/pages/home.tsx'),
      code: "import { FREE_LIMITS } from '../../shared/plans.ts';",
      options: [zones],
    },
    { filename: at('src/server/app.ts'), code: "import { messages } from '../shared/messages.ts';", options: [zones] },
    { filename: at('src/shared/plans.ts'), code: "import { z } from 'zod';", options: [zones] },
  ],
  invalid: [
    {
      filename: at('src/shared/plans.ts'),
      code: "import type { DB } from '../server/db/schema.ts';",
      options: [zones],
      errors: [{ message: 'src/shared must not import src/server/db/schema.ts: shared depends on neither side' }],
    },
    {
      filename: at('src/shared/api/menus.ts'),
      code: "export { cn } from '../../web/lib/cn.ts';",
      options: [zones],
      errors: [{ messageId: 'forbidden' }],
    },
    {
      filename: at('src/web/features/menus/api.ts'),
      code: "import { listMenus } from '../../../server/features/menus/menus.ts';",
      options: [zones],
      errors: [{ message: 'src/web must not import src/server/features/menus/menus.ts: the web app uses the API' }],
    },
    {
      filename: at('src/web/router.tsx'),
      code: "const page = () => import('../server/app.ts');",
      options: [zones],
      errors: [{ messageId: 'forbidden' }],
    },
  ],
});

const roots = [{ roots: ['src/web/features', 'src/server/features'] }];

tester.run('layering/no-cross-feature-imports', noCrossFeatureImports, {
  valid: [
    {
      filename: at('src/web/features/menus/menu-card.tsx'),
      code: "import { useMenus } from './api.ts';",
      options: roots,
    },
    {
      filename: at('src/web/pages/menus-page.tsx'),
      code: "import { MenuCard } from '../features/menus/menu-card.tsx';\nimport { RecipeCard } from '../features/recipes/recipe-card.tsx';",
      options: roots,
    },
    {
      filename: at('src/server/features/menus/menus.ts'),
      code: "import { enqueueEvent } from '../../domain/outbox.ts';",
      options: roots,
    },
    {
      filename: at('src/server/app.ts'),
      code: "import { menuRoutes } from './features/menus/routes.ts';",
      options: roots,
    },
  ],
  invalid: [
    {
      filename: at('src/web/features/menus/section-card.tsx'),
      code: "import { RecipeCard } from '../recipes/recipe-card.tsx';",
      options: roots,
      errors: [
        {
          message:
            /^Feature « menus » must not import feature « recipes » \(src\/web\/features\/recipes\/recipe-card\.tsx\)/,
        },
      ],
    },
    {
      filename: at('src/server/features/qr/routes.ts'),
      code: "import { renderMenuUnavailablePage } from '../public-menu/unavailable-page.ts';",
      options: roots,
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: at('src/server/features/billing/snapshot.ts'),
      code: "export type { MeResponse } from '../account/service.ts';",
      options: roots,
      errors: [{ messageId: 'crossFeature' }],
    },
  ],
});

// A throwaway tree that holds the cycle issue 15 found: context.ts → billing/service.ts →
// billing/snapshot.ts → account/service.ts → context.ts.
const fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'layering-cycle-'));
const write = (file, text) => {
  fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
  fs.writeFileSync(path.join(fixture, file), text);
};
write(
  'server/context.ts',
  "import type { Billing } from './features/billing/service.ts';\nexport interface SessionUser { id: string }\n",
);
write(
  'server/features/billing/service.ts',
  "import { readSubscription } from './snapshot.ts';\nexport interface Billing { read: typeof readSubscription }\n",
);
write(
  'server/features/billing/snapshot.ts',
  "import { summarizeSubscription } from '../account/service.ts';\nexport const readSubscription = summarizeSubscription;\n",
);
write(
  'server/features/account/service.ts',
  "import type { SessionUser } from '../../context.ts';\nexport const summarizeSubscription = (user: SessionUser) => user.id;\n",
);
write('shared/plans.ts', 'export const summarizeSubscription = (id: string) => id;\n');
write('server/lib/a.ts', "import './b.ts';\n");
write('server/lib/b.ts', "export const later = () => import('./a.ts');\n");
afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

const inFixture = (file) => path.join(fixture, file);
const chain = (...files) =>
  new RegExp(`^Import cycle: ${files.map((f) => `.*${f.replaceAll('/', '\\/').replaceAll('.', '\\.')}`).join(' → ')}$`);

tester.run('layering/no-import-cycles', noImportCycles, {
  valid: [
    // snapshot.ts reads summarizeSubscription from the shared code: the cycle is gone.
    {
      filename: inFixture('server/features/billing/snapshot.ts'),
      code: "import { summarizeSubscription } from '../../../shared/plans.ts';\nexport const readSubscription = summarizeSubscription;",
    },
    { filename: inFixture('shared/plans.ts'), code: 'export const summarizeSubscription = (id: string) => id;' },
    {
      filename: inFixture('server/features/account/service.ts'),
      code: "import { x } from 'kysely';\nimport missing from './missing.ts';",
    },
  ],
  invalid: [
    {
      filename: inFixture('server/features/billing/snapshot.ts'),
      code: "import { summarizeSubscription } from '../account/service.ts';\nexport const readSubscription = summarizeSubscription;",
      errors: [
        {
          message: chain(
            'server/features/billing/snapshot.ts',
            'server/features/account/service.ts',
            'server/context.ts',
            'server/features/billing/service.ts',
            'server/features/billing/snapshot.ts',
          ),
        },
      ],
    },
    {
      // Type-only imports count: the cycle ties the layers together all the same.
      filename: inFixture('server/context.ts'),
      code: "import type { Billing } from './features/billing/service.ts';\nexport interface SessionUser { id: string }",
      errors: [
        {
          message:
            /^Import cycle: .*server\/context\.ts → .*billing\/service\.ts → .*billing\/snapshot\.ts → .*account\/service\.ts → .*server\/context\.ts$/,
        },
      ],
    },
    {
      // A dynamic import() closes a cycle too.
      filename: inFixture('server/lib/b.ts'),
      code: "export const later = () => import('./a.ts');",
      errors: [{ message: chain('server/lib/b.ts', 'server/lib/a.ts', 'server/lib/b.ts') }],
    },
  ],
});
