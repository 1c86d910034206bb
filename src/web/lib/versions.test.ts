import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { changedFields, conflictOf } from './versions.ts';

describe('versions on the web', () => {
  it('finds a stale version’s 409 and nothing else', () => {
    const conflict = { version: 3, updatedAt: '2026-03-06T13:32:00.000Z', updatedBy: 'Marie' };
    expect(conflictOf(new ApiError(409, 'conflict', 'modifié', {}, conflict))).toEqual(conflict);
    // The other 409s (the last owner, an establishment in use) carry no version.
    expect(conflictOf(new ApiError(409, 'conflict', 'dernier propriétaire'))).toBeNull();
    expect(conflictOf(new ApiError(409, 'in_use', 'utilisé'))).toBeNull();
    expect(conflictOf(new Error('x'))).toBeNull();
  });

  it('lists the fields the other save changed, before and now', () => {
    const describe = (r: { name: string; price: number }) => ({ Nom: r.name, Prix: String(r.price) });
    expect(changedFields(describe, { name: 'Tarte', price: 4 }, { name: 'Tarte', price: 5 })).toEqual([
      { label: 'Prix', before: '4', now: '5' },
    ]);
    expect(changedFields(describe, { name: 'Tarte', price: 4 }, { name: 'Tarte', price: 4 })).toEqual([]);
  });
});
