import { describe, expect, it, vi } from 'vitest';
import {
  CONSENT_STORAGE_KEY,
  CONSENT_VERSION,
  consentExpiresAt,
  createConsentStore,
  parseConsentRecord,
  type ConsentRecord,
  type ConsentStorage,
} from './consent-store.ts';

function memoryStorage(initial: Record<string, string> = {}): ConsentStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (key) => data[key] ?? null, setItem: (key, value) => void (data[key] = value) };
}

const record = (patch: Partial<ConsentRecord> = {}): string =>
  JSON.stringify({
    version: CONSENT_VERSION,
    analytics: true,
    ads: true,
    decidedAt: '2026-01-15T10:00:00.000Z',
    ...patch,
  });

const at = (iso: string) => () => new Date(iso);

describe('consent store', () => {
  it('allows nothing and shows the banner before any decision', () => {
    const store = createConsentStore(memoryStorage());
    expect(store.getSnapshot()).toEqual({ decided: false, analytics: false, ads: false, preferencesOpen: false });
    expect(createConsentStore(null).getSnapshot().decided).toBe(false);
  });

  it('keeps a decision, refusal included, with its version and date', () => {
    const storage = memoryStorage();
    const store = createConsentStore(storage, at('2026-03-01T08:00:00.000Z'));
    const listener = vi.fn();
    store.subscribe(listener);
    store.openPreferences();
    store.decide({ analytics: true, ads: false });

    expect(store.getSnapshot()).toEqual({ decided: true, analytics: true, ads: false, preferencesOpen: false });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(JSON.parse(storage.data[CONSENT_STORAGE_KEY]!)).toEqual({
      version: CONSENT_VERSION,
      analytics: true,
      ads: false,
      decidedAt: '2026-03-01T08:00:00.000Z',
    });
    // The next page load reads it back.
    expect(createConsentStore(storage, at('2026-03-02T08:00:00.000Z')).getSnapshot()).toMatchObject({
      decided: true,
      analytics: true,
      ads: false,
    });

    store.decide({ analytics: false, ads: false });
    expect(createConsentStore(storage, at('2026-03-02T08:00:00.000Z')).getSnapshot()).toMatchObject({
      decided: true,
      analytics: false,
      ads: false,
    });
  });

  it('asks again six months after the decision', () => {
    const storage = memoryStorage({ [CONSENT_STORAGE_KEY]: record() });
    expect(createConsentStore(storage, at('2026-07-15T09:59:59.000Z')).getSnapshot()).toMatchObject({
      decided: true,
      analytics: true,
      ads: true,
    });
    expect(createConsentStore(storage, at('2026-07-15T10:00:00.000Z')).getSnapshot()).toMatchObject({
      decided: false,
      analytics: false,
      ads: false,
    });
    expect(consentExpiresAt(new Date('2026-01-15T10:00:00.000Z')).toISOString()).toBe('2026-07-15T10:00:00.000Z');
  });

  it('asks again when the purposes changed (another version)', () => {
    const now = at('2026-02-01T00:00:00.000Z');
    for (const version of [CONSENT_VERSION - 1, CONSENT_VERSION + 1]) {
      const store = createConsentStore(memoryStorage({ [CONSENT_STORAGE_KEY]: record({ version }) }), now);
      expect(store.getSnapshot()).toMatchObject({ decided: false, analytics: false, ads: false });
    }
  });

  it('treats anything malformed as no decision', () => {
    const now = new Date('2026-02-01T00:00:00.000Z');
    for (const raw of [
      '',
      'oui',
      'null',
      '[]',
      record({ decidedAt: 'hier' }),
      JSON.stringify({ version: CONSENT_VERSION, analytics: 'true', ads: true, decidedAt: '2026-01-15T10:00:00.000Z' }),
    ]) {
      expect(parseConsentRecord(raw, now)).toBeNull();
    }
  });

  it('still works when the storage throws, for the life of the page', () => {
    const broken: ConsentStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store = createConsentStore(broken);
    expect(store.getSnapshot().decided).toBe(false);
    store.decide({ analytics: false, ads: true });
    expect(store.getSnapshot()).toMatchObject({ decided: true, analytics: false, ads: true });
  });

  it('opens and closes the preferences dialog, and reloads a decision taken in another tab', () => {
    const storage = memoryStorage();
    const store = createConsentStore(storage, at('2026-02-01T00:00:00.000Z'));
    store.openPreferences();
    expect(store.getSnapshot().preferencesOpen).toBe(true);
    store.closePreferences();
    expect(store.getSnapshot()).toMatchObject({ decided: false, preferencesOpen: false });

    storage.setItem(
      CONSENT_STORAGE_KEY,
      record({ analytics: false, ads: true, decidedAt: '2026-01-31T00:00:00.000Z' }),
    );
    const snapshotBefore = store.getSnapshot();
    store.reload();
    expect(store.getSnapshot()).toMatchObject({ decided: true, analytics: false, ads: true });
    expect(store.getSnapshot()).not.toBe(snapshotBefore);
  });
});
