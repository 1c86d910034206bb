// eslint/no-issue-numbers.js: « issue » and a number in a comment or a test title fails
// `npm run lint`; a citation of a file or decision record passes; the allowlist is well formed.
import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { housePlugin, issueNumbersAllowlist } from './no-issue-numbers.js';

const root = path.resolve(import.meta.dirname, '..');
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { house: housePlugin },
    rules: { 'house/no-issue-numbers': 'error' },
  },
];

/** What the rule finds in `code`, as « found » words, in order. */
function found(code) {
  return linter
    .verify(code, config, { filename: path.join(root, 'src/shared/example.ts') })
    .map((m) => (m.ruleId === 'house/no-issue-numbers' ? m.message.match(/« (.+?) »/)[1] : m.message));
}

/** The word and a number, assembled so that a plain grep of the repository finds none here. */
const the = (n) => ['iss', 'ue ', n].join('');

describe('no issue numbers in comments and test titles', () => {
  it('refuses the word and a number in line and block comments, any case, with or without « # »', () => {
    expect(found(`// Live « Épuisé » (${the(18)}).\nexport const a = 1;\n`)).toEqual([the(18)]);
    expect(found(`/**\n * ${the('#3').replace('i', 'I')}: prefix matching.\n */\nexport const a = 1;\n`)).toEqual([
      the('#3').replace('i', 'I'),
    ]);
    expect(found(`const a = 1; /* ${the('').trim()}s 20 and 21 */\nexport { a };\n`)).toEqual([
      `${the('').trim()}s 20`,
    ]);
  });

  it('refuses it in a test title, a template title included, not in other strings', () => {
    expect(found(`it('keeps prices (${the(17)})', () => {});\n`)).toEqual([the(17)]);
    expect(found(`test.describe(\`at 360 px, ${the(15)}\`, () => {});\n`)).toEqual([the(15)]);
    expect(found(`export const label = '${the(4)}';\nconsole.log(label);\n`)).toEqual([]);
  });

  it('lets citations of files and decision records pass, and words that only end in « issue »', () => {
    expect(found('// Live « Épuisé » (docs/decisions/0020-languages-filter-live-availability.md).\n')).toEqual([]);
    expect(found(`it('a t${the(3)} mm thick, an issue of the magazine', () => {});\n`)).toEqual([]);
  });

  it('is on in the repository configuration for src, scripts, e2e and bench', async () => {
    const eslint = new ESLint({ cwd: root });
    for (const file of ['src/shared/plans.ts', 'scripts/fix-typography.ts', 'e2e/axe.ts', 'bench/growth.ts']) {
      const [result] = await eslint.lintText(`// ${the(20)}\nexport const x = 1;\n`, {
        filePath: path.join(root, file),
      });
      expect(result.messages.map((m) => m.ruleId)).toContain('house/no-issue-numbers');
    }
  });

  it('names in its allowlist source files of the checked folders, each once', () => {
    const listed = issueNumbersAllowlist(root);
    // Some are being written on other branches: a listed file need not exist yet.
    expect(listed.filter((file) => !/^(src|scripts|e2e|bench|eslint)\/.+\.(ts|tsx|js|mjs)$/.test(file))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });
});
