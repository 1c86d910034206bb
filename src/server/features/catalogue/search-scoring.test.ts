import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsvRecords } from '../../lib/csv.ts';
import { ciqualDir } from '../../lib/paths.ts';
import { KEPT_MATCHES, KeptWordSearch } from './search-scoring.ts';
import { parseQuery, tokenize, normalizeTerm } from './search-terms.ts';

// The index as ./search.ts builds it, over the catalogue's names (the note field left empty).
function catalogueIndex(keptMatches?: number): KeptWordSearch {
  const index = new KeptWordSearch(
    {
      fields: ['name', 'note'],
      idField: 'id',
      tokenize,
      processTerm: (term) => normalizeTerm(term),
      searchOptions: { combineWith: 'AND', boost: { note: 0.5 } },
    },
    keptMatches,
  );
  const names = parseCsvRecords(readFileSync(path.join(ciqualDir, 'ciqual.csv'), 'utf8')).map((r) => r.name ?? '');
  index.addAll(names.map((name, id) => ({ id, name, note: '' })));
  return index;
}

/** Every 3-letter prefix of the catalogue's words, and each 2-letter one after « sel ». */
function typedPrefixes(): Set<string> {
  const prefixes = new Set<string>();
  for (const word of tokenize(readFileSync(path.join(ciqualDir, 'ciqual.csv'), 'utf8'))) {
    if (word.length >= 3) prefixes.add(word.slice(0, 3));
    if (word.length >= 2) prefixes.add(`sel ${word.slice(0, 2)}`);
  }
  expect(prefixes.size).toBeGreaterThan(2_000);
  return prefixes;
}

describe('KeptWordSearch: the kept words stay bounded by what they weigh', () => {
  it('weighs a few thousand typed prefixes well under KEPT_MATCHES', () => {
    const index = catalogueIndex();
    for (const prefix of typedPrefixes()) index.scored(parseQuery(prefix));
    expect(index.keptMatchCount).toBeGreaterThan(10_000);
    expect(index.keptMatchCount).toBeLessThan(KEPT_MATCHES / 2);
  });

  it('past its bound drops the oldest words, never holds more, and still answers as a fresh index', () => {
    const bound = 5_000;
    const index = catalogueIndex(bound);
    let most = 0;
    for (const prefix of typedPrefixes()) {
      index.scored(parseQuery(prefix));
      most = Math.max(most, index.keptMatchCount);
    }
    expect(most).toBeLessThanOrEqual(bound);
    // Full: the bound was reached, and words went.
    expect(most).toBeGreaterThan(bound * 0.8);
    const fresh = catalogueIndex();
    for (const query of ['pom', 'sel ca', 'carottes rap', 'beurre doux']) {
      expect(index.scored(parseQuery(query)), query).toEqual(fresh.scored(parseQuery(query)));
    }
    index.forget();
    expect(index.keptMatchCount).toBe(0);
  });
});

describe('KeptWordSearch: an index that changes', () => {
  const small = () => {
    const index = new KeptWordSearch({
      fields: ['name', 'note'],
      idField: 'id',
      tokenize,
      processTerm: (term) => normalizeTerm(term),
      searchOptions: { combineWith: 'AND', boost: { note: 0.5 } },
    });
    index.addAll([
      { id: 0, name: 'Pomme crue', note: '' },
      { id: 1, name: 'Pomme de terre', note: '' },
    ]);
    return index;
  };

  it('scores a food added after a search, as MiniSearch does, with the kept words dropped', () => {
    const index = small();
    expect(
      index
        .scored(parseQuery('pomme'))
        .map((f) => f.id)
        .sort(),
    ).toEqual([0, 1]);
    expect(index.keptMatchCount).toBe(2);
    index.add({ id: 2, name: 'Pomme cuite', note: '' });
    const ours = index.scored(parseQuery('pomme'));
    expect(ours.map((f) => f.id).sort()).toEqual([0, 1, 2]);
    // « pomme » read again from the changed index, alone kept.
    expect(index.keptMatchCount).toBe(3);
    expect(ours).toEqual(index.search('pomme', { prefix: true, fuzzy: 1 }).map(({ id, score }) => ({ id, score })));
  });

  it('refuses to score once a food was discarded (MiniSearch would skip it lazily)', () => {
    const index = small();
    index.scored(parseQuery('pomme'));
    index.discard(1);
    expect(() => index.scored(parseQuery('pomme'))).toThrow(/discarded/);
  });
});
