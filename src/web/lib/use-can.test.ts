import { describe, expect, it } from 'vitest';
import type { Action, MemberRole } from '../../shared/permissions.ts';
import { canIn } from './use-can.ts';
import { testMe } from './test-me.ts';

const ACTIONS: Action[] = ['content:write', 'establishments:write', 'members:manage', 'billing:manage', 'audit:read'];

describe('canIn', () => {
  it('reads the role of the organisation active in the table of src/shared/permissions.ts', () => {
    const allowed = (role: MemberRole) => ACTIONS.filter((action) => canIn(testMe(role), action));
    expect(allowed('owner')).toEqual(ACTIONS);
    expect(allowed('editor')).toEqual(['content:write']);
    expect(allowed('viewer')).toEqual([]);
  });

  it('follows the active organisation, not another one the account owns', () => {
    const me = testMe('viewer', {
      organisations: [
        { id: 'org-1', name: 'Cantine Jules Ferry', role: 'viewer' },
        { id: 'org-2', name: 'Chez moi', role: 'owner' },
      ],
    });
    expect(canIn(me, 'content:write')).toBe(false);
  });

  it('allows nothing before /api/me has answered, or when signed out', () => {
    for (const action of ACTIONS) {
      expect(canIn(undefined, action)).toBe(false);
      expect(canIn(null, action)).toBe(false);
    }
  });
});
