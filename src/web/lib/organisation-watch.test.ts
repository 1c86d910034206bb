import { beforeEach, describe, expect, it } from 'vitest';
import {
  classifyOrganisationChange,
  organisationWatch,
  shownFrom,
  signalsChange,
  type ShownOrganisation,
} from './organisation-watch.ts';
import { testMe } from './test-me.ts';

const bistrot: ShownOrganisation = { userId: 'u1', id: 'org-1', name: 'Le Bistrot du Port' };
const own = { id: 'org-own', name: 'Mon Restaurant', role: 'owner' as const };

describe('classifyOrganisationChange', () => {
  it('adopts the first organisation, and any organisation of another account', () => {
    expect(classifyOrganisationChange(null, testMe())).toBe('adopt');
    expect(classifyOrganisationChange({ ...bistrot, userId: 'someone-else' }, testMe())).toBe('adopt');
  });

  it('sees nothing when the server still serves the organisation shown', () => {
    expect(classifyOrganisationChange(bistrot, testMe('editor'))).toBe('same');
  });

  it('tells a switch made elsewhere (still a member) from a membership that ended', () => {
    const movedButMember = testMe('owner', { organisation: own, organisations: [own, { ...bistrot, role: 'editor' }] });
    expect(classifyOrganisationChange(bistrot, movedButMember)).toBe('switched-elsewhere');
    const removed = testMe('owner', { organisation: own, organisations: [own] });
    expect(classifyOrganisationChange(bistrot, removed)).toBe('lost');
  });
});

describe('signalsChange', () => {
  const state = { shown: bistrot, status: { kind: 'ok' as const }, version: 3 };

  it('flags an answer served in another organisation', () => {
    expect(signalsChange(state, 3, 'org-own')).toBe(true);
    expect(signalsChange(state, 3, 'org-1')).toBe(false);
  });

  it('ignores answers without the header, before any organisation is shown, or to requests sent before a change', () => {
    expect(signalsChange(state, 3, null)).toBe(false);
    expect(signalsChange({ ...state, shown: null }, 3, 'org-own')).toBe(false);
    expect(signalsChange(state, 2, 'org-own')).toBe(false);
  });

  it('ignores everything while a check or the app’s own change is under way', () => {
    expect(signalsChange({ ...state, status: { kind: 'checking' } }, 3, 'org-own')).toBe(false);
    expect(signalsChange({ ...state, status: { kind: 'changing' } }, 3, 'org-own')).toBe(false);
  });
});

describe('organisationWatch', () => {
  beforeEach(() => organisationWatch.adopt(null));

  it('moves to checking on a surprising answer, then to lost, keeping the name of the organisation left', () => {
    organisationWatch.adopt(bistrot);
    const ticket = organisationWatch.ticket();
    organisationWatch.observe(ticket, 'org-own');
    expect(organisationWatch.get().status).toEqual({ kind: 'checking' });
    const next = shownFrom(testMe('owner', { organisation: own, organisations: [own] }));
    organisationWatch.markLost(next);
    expect(organisationWatch.get().status).toEqual({ kind: 'lost', lost: bistrot, next });
  });

  it('does not flag the answer of a request sent before the app switched', () => {
    organisationWatch.adopt(bistrot);
    const before = organisationWatch.ticket();
    organisationWatch.adopt({ ...bistrot, id: 'org-own', name: 'Mon Restaurant' });
    organisationWatch.observe(before, 'org-1');
    expect(organisationWatch.get().status).toEqual({ kind: 'ok' });
  });

  it('notifies its listeners', () => {
    let calls = 0;
    const unsubscribe = organisationWatch.subscribe(() => calls++);
    organisationWatch.adopt(bistrot);
    organisationWatch.beginChange();
    unsubscribe();
    organisationWatch.settle();
    expect(calls).toBe(2);
  });
});
