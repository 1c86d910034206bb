/**
 * The visitor's cookie choices (CNIL guidelines on trackers): nothing optional runs before a
 * decision, refusing is remembered like accepting, and the question comes back after six
 * months or when the purposes change (CONSENT_VERSION).
 */

/** Bump when a purpose is added or its meaning changes: every visitor is asked again. */
export const CONSENT_VERSION = 1;
export const CONSENT_STORAGE_KEY = 'nutricarte:consent';
const CONSENT_LIFETIME_MONTHS = 6;

export interface ConsentChoices {
  /** « Mesure d'audience »: first-party page tracking of signed-in owners. */
  analytics: boolean;
  /** « Publicité »: the Meta pixel on the payment success page. */
  ads: boolean;
}

/** What is kept in localStorage. */
export interface ConsentRecord extends ConsentChoices {
  version: number;
  decidedAt: string;
}

export interface ConsentSnapshot extends ConsentChoices {
  /** False until the visitor has chosen (or after expiry): the banner is shown. */
  decided: boolean;
  /** The « Personnaliser » dialog, opened from the banner or from « Gestion des cookies ». */
  preferencesOpen: boolean;
}

export const NOTHING_ALLOWED: ConsentChoices = { analytics: false, ads: false };

export type ConsentStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The moment a decision taken at `decidedAt` stops being valid. */
export function consentExpiresAt(decidedAt: Date): Date {
  const expiry = new Date(decidedAt);
  expiry.setUTCMonth(expiry.getUTCMonth() + CONSENT_LIFETIME_MONTHS);
  return expiry;
}

/** The stored decision if it is well formed, of the current version and not expired; otherwise null. */
export function parseConsentRecord(raw: string | null, now: Date): ConsentRecord | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { version, analytics, ads, decidedAt } = value as Record<string, unknown>;
  if (
    version !== CONSENT_VERSION ||
    typeof analytics !== 'boolean' ||
    typeof ads !== 'boolean' ||
    typeof decidedAt !== 'string'
  )
    return null;
  const decided = new Date(decidedAt);
  if (Number.isNaN(decided.getTime()) || consentExpiresAt(decided).getTime() <= now.getTime()) return null;
  return { version, analytics, ads, decidedAt };
}

export interface ConsentStore {
  getSnapshot(): ConsentSnapshot;
  subscribe(listener: () => void): () => void;
  /** Records a decision (banner buttons or « Enregistrer mes choix ») and closes the dialog. */
  decide(choices: ConsentChoices): void;
  openPreferences(): void;
  closePreferences(): void;
  /** Reads the storage again (another tab decided). */
  reload(): void;
}

export function createConsentStore(storage: ConsentStorage | null, now: () => Date = () => new Date()): ConsentStore {
  const listeners = new Set<() => void>();

  const read = (): ConsentRecord | null => {
    try {
      return parseConsentRecord(storage?.getItem(CONSENT_STORAGE_KEY) ?? null, now());
    } catch {
      return null;
    }
  };
  const snapshotOf = (record: ConsentRecord | null, preferencesOpen: boolean): ConsentSnapshot => ({
    decided: record !== null,
    analytics: record?.analytics ?? false,
    ads: record?.ads ?? false,
    preferencesOpen,
  });

  let snapshot = snapshotOf(read(), false);
  const publish = (next: ConsentSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    decide({ analytics, ads }) {
      const record: ConsentRecord = { version: CONSENT_VERSION, analytics, ads, decidedAt: now().toISOString() };
      try {
        storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
      } catch {
        // Storage refused (private browsing, quota): the choice holds for this page's life.
      }
      publish(snapshotOf(record, false));
    },
    openPreferences: () => publish({ ...snapshot, preferencesOpen: true }),
    closePreferences: () => publish({ ...snapshot, preferencesOpen: false }),
    reload: () => publish(snapshotOf(read(), snapshot.preferencesOpen)),
  };
}

function browserStorage(): ConsentStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // localStorage access itself can throw when storage is blocked
  }
}

/** The page's store; other tabs' decisions arrive through the `storage` event. */
export const consentStore = createConsentStore(browserStorage());
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) consentStore.reload();
  });
}
