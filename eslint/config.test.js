// The repository's own eslint.config.js applies the layering (docs/decisions/0014-layering-rules.md):
// each rule fails on a violating snippet placed in a real file of src/.
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

describe('eslint.config.js keeps the layering', () => {
  it('src/shared imports neither src/server nor src/web', async () => {
    expect(
      await rulesBroken(
        'src/shared/plans.ts',
        "import type { DB } from '../server/db/schema.ts';\nexport type X = DB;\n",
      ),
    ).toEqual(['layering/layers']);
    expect(
      await rulesBroken('src/shared/plans.ts', "import { cn } from '../web/lib/cn.ts';\nexport const x = cn;\n"),
    ).toEqual(['layering/layers']);
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
        "import type { AppDeps } from '../../server/context.ts';\nexport type X = AppDeps;\n",
      ),
    ).toEqual(['layering/layers']);
  });

  it('a web feature never imports another; a page may compose them', async () => {
    expect(
      await rulesBroken(
        'src/web/features/menus/api.ts',
        "import { useRecipes } from '../recipes/api.ts';\nexport const x = useRecipes;\n",
      ),
    ).toEqual(['layering/no-cross-feature-imports']);
    expect(
      await rulesBroken(
        'src/web/pages/menus-page.tsx',
        "import { useRecipes } from '../features/recipes/api.ts';\nexport const x = useRecipes;\n",
      ),
    ).toEqual([]);
  });

  it('a server feature never imports another', async () => {
    expect(
      await rulesBroken(
        'src/server/features/menus/menus.ts',
        "import { listRecipes } from '../recipes/service.ts';\nexport const x = listRecipes;\n",
      ),
    ).toEqual(['layering/no-cross-feature-imports']);
  });

  it('no import cycle: bringing back the import of issue 15 fails', async () => {
    // snapshot.ts → account/service.ts → context.ts → billing/provider.ts → snapshot.ts
    expect(
      await rulesBroken(
        'src/server/features/billing/snapshot.ts',
        "import { getAccountSummary } from '../account/service.ts';\nexport const x = getAccountSummary;\n",
      ),
    ).toEqual(['layering/no-cross-feature-imports', 'layering/no-import-cycles']);
    expect(
      await rulesBroken(
        'src/server/lib/errors.ts',
        "import { createApp } from '../app.ts';\nexport const x = createApp;\n",
      ),
    ).toEqual(['layering/no-import-cycles']);
  });
});
