import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSource, textLiteralsOf, typographySourceFiles } from '../../scripts/typography-scan.ts';
import {
  downgradeBanner,
  FREE_PLAN,
  FREE_PLAN_FEATURES,
  PLAN_LIMIT_TOASTS,
  READ_ONLY_AFTER_DOWNGRADE,
} from './plan-texts.ts';
import { FREE_LIMITS, type PlanResource } from './plans.ts';
import { frenchTypography } from './typography.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The words a free limit is counted in, French and English (« 5 recettes », « 1 menu », « 1 code QR »). */
const WORDS: Record<PlanResource, string> = {
  recipes: 'recettes?|recipes?',
  menus: 'menus?',
  qrCodes: 'codes? QR|QR codes?',
  establishments: 'établissements?|establishments?',
  members: 'membres?|members?',
};

/** A free limit's figure written by hand next to its word: the text should use FREE_PLAN (src/shared/plan-texts.ts). */
function handWrittenLimits(file: string, text: string): string[] {
  const patterns = (Object.keys(WORDS) as PlanResource[]).map(
    (resource) =>
      new RegExp(`(?<![\\d,.])${FREE_LIMITS[resource]}[\\s\\u00a0\\u202f]*(?:${WORDS[resource]})(?![\\p{L}])`, 'iu'),
  );
  return textLiteralsOf(file, text)
    .filter((literal) => patterns.some((pattern) => pattern.test(literal.text)))
    .map((literal) => `${path.relative(root, file)}:${literal.line} ${literal.text.trim()}`);
}

describe('the free plan in words', () => {
  it('is built from FREE_LIMITS, typeset', () => {
    expect(FREE_PLAN).toEqual({
      recipes: '5\u00a0recettes',
      menus: '1\u00a0menu',
      qrCodes: '1\u00a0code QR',
      establishments: '1\u00a0établissement',
      members: '1\u00a0membre',
    });
    const texts = [
      ...Object.values(FREE_PLAN),
      ...Object.values(PLAN_LIMIT_TOASTS),
      ...FREE_PLAN_FEATURES.pricing,
      ...FREE_PLAN_FEATURES.subscription,
    ];
    expect(texts.filter((text) => frenchTypography(text) !== text)).toEqual([]);
    expect(PLAN_LIMIT_TOASTS.menus).toBe(
      'Le plan gratuit est limité à 1\u00a0menu. Passez au Premium pour créer plus de menus.',
    );
  });

  it('no user-facing text of src/ writes a free limit by hand', () => {
    const files = typographySourceFiles(root);
    expect(files.length).toBeGreaterThan(200);
    expect(files.flatMap((file) => handWrittenLimits(file, readSource(file)))).toEqual([]);
  });

  it('the check finds a hand-written limit in a string, a template or JSX, and not in code or comments', () => {
    const sample = [
      "const a = 'Le plan gratuit est limité à 5\u00a0recettes.';",
      'const b = `Jusqu’à 1 menu et ${n} recettes`;',
      'const c = <p>Gratuit : 1 code QR max</p>;',
      "const d = 'Free plan: 5 recipes';",
      '// 5 recettes in a comment, 15 recettes, 1 menus, 10 codes QR',
      "const e = 'Limite de 15 recettes', f = `${FREE_PLAN.recipes} max`, g = '1 menuiserie';",
    ].join('\n');
    expect(handWrittenLimits(path.join(root, 'sample.tsx'), sample).map((hit) => hit.split(' ')[0])).toEqual([
      'sample.tsx:1',
      'sample.tsx:2',
      'sample.tsx:3',
      'sample.tsx:4',
    ]);
  });
});

describe('after a downgrade (DECISIONS 21)', () => {
  it('a list holding more than the free plan says what stays usable, what is read-only, and how to get it back', () => {
    expect(downgradeBanner('recipes', 5, 5)).toBeNull();
    expect(downgradeBanner('recipes', 7, null)).toBeNull();
    expect(downgradeBanner('recipes', 7, 5)).toBe(
      'Votre abonnement Premium est terminé, rien n’est supprimé. Vos 5\u00a0recettes les plus anciennes restent modifiables\u202f; les 2 autres sont en lecture seule. Repassez au Premium pour tout retrouver.',
    );
    expect(downgradeBanner('menus', 2, 1)).toContain('l’autre est en lecture seule');
    expect(downgradeBanner('qrCodes', 3, 1)).toContain('les 2 autres sont en pause et mènent vers une page');
    const texts = [...Object.values(READ_ONLY_AFTER_DOWNGRADE), downgradeBanner('menus', 3, 1)!];
    expect(texts.filter((text) => frenchTypography(text) !== text)).toEqual([]);
  });
});
