import { useSyncExternalStore } from 'react';
import { consentStore, NOTHING_ALLOWED, type ConsentChoices, type ConsentSnapshot } from './consent-store.ts';

const SERVER_SNAPSHOT: ConsentSnapshot = { ...NOTHING_ALLOWED, decided: false, preferencesOpen: false };
const ALL_ALLOWED: ConsentChoices = { analytics: true, ads: true };

const actions = {
  acceptAll: () => consentStore.decide(ALL_ALLOWED),
  refuseAll: () => consentStore.decide(NOTHING_ALLOWED),
  decide: (choices: ConsentChoices) => consentStore.decide(choices),
  openPreferences: () => consentStore.openPreferences(),
  closePreferences: () => consentStore.closePreferences(),
};

/** The visitor's cookie choices (nothing allowed until decided) and the ways to change them. */
export function useConsent(): ConsentSnapshot & typeof actions {
  const snapshot = useSyncExternalStore(consentStore.subscribe, consentStore.getSnapshot, () => SERVER_SNAPSHOT);
  return { ...snapshot, ...actions };
}
