import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidatedCache } from './invalidated-cache.ts';

const forever = { validUntil: Number.MAX_SAFE_INTEGER };

describe('InvalidatedCache', () => {
  it('drops the entries a payload names by tag, and everything on any other payload', () => {
    const cache = new InvalidatedCache<string>(100);
    cache.set('a', ['o:1', 'm:a'], 'A', { generation: cache.generation(), ...forever });
    cache.set('b', ['o:1', 'm:b'], 'B', { generation: cache.generation(), ...forever });
    cache.set('c', ['o:2', 'm:c'], 'C', { generation: cache.generation(), ...forever });
    cache.changed('m:a');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'B', 'C']);
    cache.changed('o:1');
    expect([cache.get('b'), cache.get('c')]).toEqual([undefined, 'C']);
    cache.changed('*');
    expect(cache.get('c')).toBeUndefined();
  });

  it('refuses a value loaded before a change of its own tags, not before a change of others', () => {
    const cache = new InvalidatedCache<string>(100);
    const before = cache.generation();
    cache.changed('m:other');
    cache.set('a', ['o:1', 'm:a'], 'A', { generation: before, ...forever });
    expect(cache.get('a')).toBe('A');
    const again = cache.generation();
    cache.changed('o:1');
    cache.set('a', ['o:1', 'm:a'], 'stale', { generation: again, ...forever });
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing while not listening, and nothing loaded before a reset', () => {
    const cache = new InvalidatedCache<string>(100);
    const before = cache.generation();
    cache.reset(false);
    cache.set('a', ['m:a'], 'A', { generation: cache.generation(), ...forever });
    expect(cache.get('a')).toBeUndefined();
    cache.reset(true);
    cache.set('a', ['m:a'], 'A', { generation: before, ...forever });
    expect(cache.get('a')).toBeUndefined();
  });

  it('expires an entry at validUntil and stays within its weight', () => {
    let now = 0;
    const cache = new InvalidatedCache<string>(2, () => now);
    cache.set('a', ['m:a'], 'A', { generation: 0, validUntil: 10 });
    cache.set('b', ['m:b'], 'B', { generation: 0, validUntil: 100 });
    cache.set('c', ['m:c'], 'C', { generation: 0, validUntil: 100 });
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined(); // the oldest went first
    now = 100;
    expect(cache.get('b')).toBeUndefined();
  });

  it('drops by its tag index exactly what a look at every entry would drop, and the index keeps no tag of a dropped entry', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
    const tag = fc.constantFrom('o:1', 'o:2', 'm:a', 'm:b', 's:x', 'u:y', 'c:1');
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key, tags: fc.array(tag, { maxLength: 3 }), value: fc.integer() }),
      fc.record({ kind: fc.constant('changed' as const), payload: fc.oneof(tag, fc.constant('*')) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), fc.integer({ min: 1, max: 8 }), (operations, maxWeight) => {
        const cache = new InvalidatedCache<number>(maxWeight);
        // The model: every entry looked at on each change; the oldest set goes first past the bound.
        const model = new Map<string, { tags: string[]; value: number }>();
        for (const operation of operations) {
          if (operation.kind === 'set') {
            cache.set(operation.key, operation.tags, operation.value, { generation: cache.generation(), ...forever });
            model.delete(operation.key);
            model.set(operation.key, { tags: operation.tags, value: operation.value });
            while (model.size > maxWeight) model.delete(model.keys().next().value!);
          } else {
            cache.changed(operation.payload);
            for (const [k, entry] of model)
              if (operation.payload === '*' || entry.tags.includes(operation.payload)) model.delete(k);
          }
          for (const k of ['a', 'b', 'c', 'd', 'e', 'f']) expect(cache.get(k)).toBe(model.get(k)?.value);
          expect(cache.size).toBe(model.size);
          expect(cache.tagCount).toBe(new Set([...model.values()].flatMap((entry) => entry.tags)).size);
        }
      }),
    );
  });
});
