import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IngredientHit } from '../../../shared/api/recipes.ts';
import { ciqualDir } from '../../lib/paths.ts';
import { parseCsvRecords } from '../../lib/csv.ts';
import { RELEVANCE_QUERIES } from './relevance-queries.ts';
import { buildCatalogueSearch, clampLimit, warmUpQueries, type CatalogueSearch } from './search.ts';
import { editDistance, parseQuery, singular } from './search-terms.ts';

const cell = (value: string | undefined) => (value === undefined || value === '' ? null : Number(value));

/** The same shape as the API's hits, straight from ciqual.csv (no database needed). */
function hitsFromCsv(): IngredientHit[] {
  return parseCsvRecords(readFileSync(path.join(ciqualDir, 'ciqual.csv'), 'utf8')).map((r) => ({
    kind: 'ciqual' as const,
    id: r.code ?? '',
    code: r.code ?? '',
    allergens: [],
    traces: [],
    name: r.name ?? '',
    group: r.group || null,
    suggestedAllergens: [],
    redMeat: false,
    per100g: {
      energyKj: cell(r.nrj_kj),
      energyKcal: cell(r.nrj_kcal),
      water: cell(r.eau_g),
      protein: cell(r.proteines_g),
      carbs: cell(r.glucides_g),
      sugars: cell(r.sucres_g),
      fiber: cell(r.fibres_g),
      fat: cell(r.lipides_g),
      saturatedFat: cell(r.ag_satures_g),
      salt: cell(r.sel_g),
    },
  }));
}

let index: CatalogueSearch;
const codes = (query: string, limit = 10) => index.search(query, { limit }).map((h) => Number(h.code));
const names = (query: string, limit = 10) => index.search(query, { limit }).map((h) => h.name);

beforeAll(() => {
  index = buildCatalogueSearch(hitsFromCsv());
});

describe('text processing', () => {
  it('makes French plurals singular, the same way for names and queries', () => {
    expect(singular('lardons')).toBe('lardon');
    expect(singular('choux')).toBe('chou');
    expect(singular('gateaux')).toBe('gateau');
    expect(singular('riz')).toBe('riz');
    expect(singular('jus')).toBe('jus');
  });

  it('folds accents and ligatures and drops small words', () => {
    expect(parseQuery('Œufs de CAILLE').map((s) => s.term)).toEqual(['oeuf', 'caille']);
    expect(parseQuery('crème  fraîche').map((s) => s.term)).toEqual(['creme', 'fraiche']);
  });

  it('allows one typo from 4 letters and two from 8', () => {
    expect(parseQuery('riz ail miel carote aubergnie').map((s) => s.edits)).toEqual([0, 0, 1, 1, 2]);
    expect(editDistance('carote', 'carotte', 1)).toBe(1);
    expect(editDistance('tomzze', 'tomate', 1)).toBe(2);
  });

  it('clamps the limit to 1..50, 10 by default', () => {
    expect(clampLimit(undefined)).toBe(10);
    expect(clampLimit(Number.NaN)).toBe(10);
    expect(clampLimit(0)).toBe(1);
    expect(clampLimit(-5)).toBe(1);
    expect(clampLimit(7.9)).toBe(7);
    expect(clampLimit(500)).toBe(50);
  });
});

describe('ingredient search over the 3,484 Ciqual foods', () => {
  it('indexes the whole catalogue', () => {
    expect(index.size).toBe(3484);
  });

  it('returns nothing under 3 characters', () => {
    expect(index.search('')).toEqual([]);
    expect(index.search('  ri  ')).toEqual([]);
    expect(index.search('œ')).toEqual([]);
    expect(index.search('de la')).toEqual([]);
    expect(index.search('riz').length).toBeGreaterThan(0);
  });

  it('returns the API hit shape: code as a string, unknown nutrients as null', () => {
    const [butter] = index.search('beurre', { limit: 1 });
    expect(butter).toMatchObject({ code: '16400', name: 'Beurre à 80% MG minimum, doux', group: 'matières grasses' });
    expect(Object.keys(butter?.per100g ?? {}).sort()).toEqual(
      ['carbs', 'energyKcal', 'energyKj', 'fat', 'fiber', 'protein', 'salt', 'saturatedFat', 'sugars', 'water'].sort(),
    );
    // 20106 « Champignon, truffe noire, crue » has no energy in Ciqual: null, not 0.
    const truffle = index.search('truffe noire').find((h) => h.code === '20106');
    expect(truffle?.per100g.energyKcal).toBeNull();
    expect(truffle?.per100g.water).toBeTypeOf('number');
  });

  it('honours the limit', () => {
    expect(index.search('tomate')).toHaveLength(10);
    expect(index.search('tomate', { limit: 3 })).toHaveLength(3);
    expect(index.search('tomate', { limit: 1000 }).length).toBeLessThanOrEqual(50);
  });

  it('matches prefixes as the cook types', () => {
    expect(names('courg', 3).some((n) => n.startsWith('Courgette'))).toBe(true);
    expect(codes('parmes', 3)).toContain(12120);
    expect(codes('hui oli', 3)[0]).toBe(17270);
    expect(codes('champignon de pa', 3)).toContain(20056);
  });

  it('folds accents and ligatures: « creme » finds « Crème », « oeuf » and « œuf » find « Oeuf »', () => {
    expect(names('creme').every((n) => n.startsWith('Crème'))).toBe(true);
    expect(names('echalote', 1)[0]).toBe('Échalote, crue');
    expect(codes('oeuf', 1)).toEqual([22000]);
    expect(codes('œuf', 1)).toEqual([22000]);
    expect(codes('ŒUF', 1)).toEqual([22000]);
    expect(codes('pâtes')).toEqual(codes('pates'));
  });

  it('treats plural and singular alike', () => {
    expect(names('lardons', 1)[0]).toBe('Lardon nature, cru');
    expect(codes('tomates', 5)).toEqual(codes('tomate', 5));
    expect(codes('haricots verts', 1)).toEqual([20061]);
    expect(codes('oignons', 1)).toEqual([20034]);
  });

  it('tolerates one typo from 4 letters and two from 8, none below', () => {
    expect(codes('carote', 1)).toEqual([20009]); // 1 edit, 6 letters
    expect(codes('mieel', 1)).toEqual([31008]); // 1 edit, 5 letters
    expect(codes('aubergnie', 1)).toEqual([20053]); // 2 edits, 9 letters
    expect(codes('mozarella', 1)).toEqual([19590]);
    expect(names('tomzze').some((n) => n.startsWith('Tomate'))).toBe(false); // 2 edits, 6 letters
    expect(names('rix').some((n) => n.startsWith('Riz'))).toBe(false); // 3 letters: exact or prefix only
  });

  it('takes several words in any order', () => {
    expect(codes('huile olive', 1)).toEqual([17270]);
    expect(codes('olive huile', 1)).toEqual([17270]);
    expect(codes('huile d’olive', 1)).toEqual([17270]);
    expect(codes('escalope veau', 1)).toEqual([6521]);
    expect(codes('veau escalope', 1)).toEqual([6521]);
    // Every word must match: « poivron rouge » is not every pepper.
    expect(names('poivron rouge').every((n) => /rouge/i.test(n))).toBe(true);
  });

  it('ranks the basic food named by the query before dishes that contain the word', () => {
    const tomato = names('tomate', 50);
    expect(['Tomate ronde, crue', 'Tomate sans précision, crue (aliment moyen)']).toContain(tomato[0]);
    expect(names('tomate', 3)).toContain('Tomate ronde, crue');
    const stuffed = tomato.indexOf('Tomate farcie, préemballée');
    const rawTomatoes = tomato.filter((n) => n.startsWith('Tomate') && /\bcrue\b/.test(n));
    expect(rawTomatoes.length).toBeGreaterThan(5);
    for (const raw of rawTomatoes) expect(stuffed === -1 || tomato.indexOf(raw) < stuffed).toBe(true);
    expect(names('beurre', 1)[0]).toBe('Beurre à 80% MG minimum, doux');
    expect(names('saumon', 3).some((n) => /^Saumon, .*cru$/.test(n))).toBe(true);
    expect(names('saumon', 5)).not.toContain('Saumon farci, préemballé');
  });

  // The owner's day (docs/decisions/0036): « pommes » in a starter gave « Pomme de terre nouvelle »
  // first, « baguette » sandwiches then « Boeuf, bavette ».
  it('for one plain word, the food itself, then other foods naming it, then dishes, then typos', () => {
    const apples = names('pommes', 10);
    expect(apples[0]).toMatch(/^Pomme, /);
    const firstPotato = apples.findIndex((n) => n.startsWith('Pomme de terre'));
    const apple = apples.filter((n) => /^Pomme[ ,]/.test(n) && !n.startsWith('Pomme de terre'));
    expect(apple.length).toBeGreaterThanOrEqual(5);
    for (const name of apple) expect(firstPotato === -1 || apples.indexOf(name) < firstPotato).toBe(true);
    // « pomme de terre » typed whole still finds the potato first (relevance-queries.ts).
    expect(names('pomme de terre', 1)[0]).toMatch(/^Pomme de terre/);

    const bread = names('baguette', 20);
    expect(bread[0]).toBe('Pain blanc (par ex. : baguette, boule…)');
    const sandwiches = bread.filter((n) => n.startsWith('Sandwich baguette'));
    expect(sandwiches.length).toBeGreaterThan(3);
    for (const name of bread.filter((n) => n.startsWith('Pain ')))
      expect(bread.indexOf(name)).toBeLessThan(bread.indexOf(sandwiches[0]!));
    const bavette = bread.indexOf("Boeuf, bavette d'aloyau crue");
    for (const name of sandwiches) expect(bavette === -1 || bread.indexOf(name) < bavette).toBe(true);
    // Compounds that are still the food stay in front: « Champignon de Paris » for « champignons ».
    expect(codes('champignons', 3)).toContain(20056);
  });

  it('puts raw before cooked and shorter, more generic names first', () => {
    expect(names('oignon', 1)[0]).toBe('Oignon, cru');
    expect(names('miel', 1)[0]).toBe('Miel');
    const mustard = names('moutarde');
    expect(mustard.indexOf('Moutarde')).toBeLessThan(mustard.indexOf("Moutarde à l'ancienne"));
    expect(names('vinaigre', 1)[0]).toBe('Vinaigre');
  });

  it('knows the cook words Ciqual spells otherwise', () => {
    expect(codes('creme fraiche', 3)).toContain(19410);
    expect(codes('creme liquide', 3)).toContain(19417);
    expect(codes('jambon blanc', 3)).toContain(28900);
  });

  it(`finds the expected food in the top 3 for ≥ 95 % of the ${RELEVANCE_QUERIES.length} relevance queries`, () => {
    const misses = RELEVANCE_QUERIES.filter((q) => !codes(q.query, 3).some((c) => q.expected.includes(c))).map(
      (q) => `${q.query} → ${names(q.query, 3).join(' | ')}`,
    );
    expect(RELEVANCE_QUERIES.length).toBeGreaterThanOrEqual(30);
    for (const kind of ['accents', 'plural', 'typo', 'words', 'prefix'] as const) {
      expect(RELEVANCE_QUERIES.some((q) => q.kind === kind)).toBe(true);
    }
    const share = 1 - misses.length / RELEVANCE_QUERIES.length;
    expect(share, misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps the relevance set honest: each expected code is a Ciqual food', () => {
    const known = new Set(hitsFromCsv().map((h) => Number(h.code)));
    for (const q of RELEVANCE_QUERIES)
      for (const code of q.expected) expect(known.has(code), `${q.query}: ${code}`).toBe(true);
  });
});

describe('kept answers', () => {
  it('answers a search asked before with the same hits, kept: the ranking runs once; another limit is another search', () => {
    const first = index.search('beurre doux', { limit: 7 });
    expect(index.search('beurre doux', { limit: 7 })).toBe(first);
    expect(first).toEqual(index.rank('beurre doux', { limit: 7 }).map((r) => r.hit));
    const three = index.search('beurre doux', { limit: 3 });
    expect(three).not.toBe(first);
    expect(three).toEqual(first.slice(0, 3));
  });

  it('keeps the last 2,000 searches: the oldest is ranked again past them, a recent one is not', () => {
    const oldest = index.search('farine de blé', { limit: 5 });
    const recent = index.search('lait entier', { limit: 5 });
    for (let i = 0; i < 1_998; i++) index.search(`tomate ${i}`, { limit: 1 });
    // 'lait entier' asked again: the most recent; 'farine de blé' now the oldest of 2,000.
    expect(index.search('lait entier', { limit: 5 })).toBe(recent);
    index.search('tomate encore', { limit: 1 });
    const again = index.search('farine de blé', { limit: 5 });
    expect(again).not.toBe(oldest);
    expect(again).toEqual(oldest);
    expect(index.search('lait entier', { limit: 5 })).toBe(recent);
  });
});

// src/server/features/catalogue/search-scoring.ts computes MiniSearch's matches and scores
// itself, each query word's kept: they must be MiniSearch's own, score for score, in the same
// order (ties included), whatever the words already kept.
describe('kept words: MiniSearch’s own results', () => {
  const ranked = (search: CatalogueSearch, query: string) =>
    search.rank(query, { limit: 50 }).map((r) => [r.hit.id, r.score]);
  let reference: CatalogueSearch;
  let kept: CatalogueSearch;
  beforeAll(() => {
    const hits = hitsFromCsv();
    reference = buildCatalogueSearch(hits, { scoring: 'minisearch' });
    kept = buildCatalogueSearch(hits);
  });

  it('every prefix a cook types, the relevance queries, synonyms and the any-word fallback, twice', () => {
    const typed = [
      'carottes rapees',
      'pommes de terre',
      'creme fraiche epaisse',
      'creme liquide',
      'jambon blanc',
      'huile d olive',
      'champignons de paris',
      'aubergnie farcie',
      'tomate xyzzy',
      'lentilles vertes',
    ].flatMap((name) => Array.from({ length: name.length - 2 }, (_, i) => name.slice(0, i + 3)));
    const queries = [...typed, ...RELEVANCE_QUERIES.map((q) => q.query)];
    let fallbacks = 0;
    for (let round = 0; round < 2; round++) {
      for (const query of queries) {
        const expected = ranked(reference, query);
        expect(ranked(kept, query), query).toEqual(expected);
        if (query.startsWith('tomate xyz') && expected.length > 0) fallbacks++;
      }
    }
    // « tomate xyzzy » has no food with both words: the fallback to any word was compared too.
    expect(fallbacks).toBeGreaterThan(0);
  });

  it('random queries from the catalogue’s words, cut, misspelt and combined (fast-check)', () => {
    const words = [
      ...new Set(
        hitsFromCsv()
          .flatMap((h) => h.name.toLowerCase().split(/[^\p{L}]+/u))
          .filter((w) => w.length >= 3),
      ),
    ];
    const typo = fc.tuple(fc.nat(), fc.constantFrom('', 'e', 'x', 's')).map(([at, letter]) => (word: string) => {
      const i = at % (word.length + 1);
      return word.slice(0, i) + letter + word.slice(i + (letter === '' ? 1 : 0));
    });
    const word = fc
      .tuple(fc.constantFrom(...words), fc.nat(), typo)
      .map(([w, cut, misspell]) => misspell(w.slice(0, Math.max(1, w.length - (cut % 4)))));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (parts) => {
        const query = parts.join(' ');
        expect(ranked(kept, query), query).toEqual(ranked(reference, query));
      }),
      { numRuns: 400, seed: 20261128 },
    );
  });
});

describe('warm-up at start', () => {
  it('ranks about 300 searches made of the catalogue’s names, keeps no answer, and leaves every ranking as it was', async () => {
    const hits = hitsFromCsv();
    const queries = warmUpQueries(hits);
    expect(queries.length).toBeGreaterThan(200);
    expect(queries.length).toBeLessThan(500);
    for (const query of queries) expect(query.replace(/\s/g, '').length).toBeGreaterThanOrEqual(3);
    const fresh = buildCatalogueSearch(hits);
    const reference = buildCatalogueSearch(hits, { scoring: 'minisearch' });
    const before = fresh.search('poulet rôti', { limit: 5 });
    expect(await fresh.warm()).toBe(queries.length);
    // The answer kept before the warm-up is still the one given.
    expect(fresh.search('poulet rôti', { limit: 5 })).toBe(before);
    const warmQuery = queries[Math.floor(queries.length / 2)]!;
    for (const query of [warmQuery, 'carottes rap', 'pommes de te', 'aubergnie']) {
      expect(fresh.rank(query, { limit: 50 }), query).toEqual(reference.rank(query, { limit: 50 }));
    }
  });
});
