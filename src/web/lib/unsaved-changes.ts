import { useEffect, useSyncExternalStore } from 'react';

/**
 * Forms with changes not saved yet (./saved-drafts.ts): while there is one, closing or reloading
 * the tab asks first (the browser's own question), and a link of the app asks « Quitter sans
 * enregistrer ? » (src/web/components/leave-guard.tsx).
 */
let dirtyForms = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers show the question only when a value is set; its text is theirs.
  event.returnValue = '';
}

/** Counts this form among the unsaved ones while `dirty`. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    dirtyForms += 1;
    if (dirtyForms === 1) window.addEventListener('beforeunload', onBeforeUnload);
    notify();
    return () => {
      dirtyForms -= 1;
      if (dirtyForms === 0) window.removeEventListener('beforeunload', onBeforeUnload);
      notify();
    };
  }, [dirty]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a form of the page has unsaved changes. */
export const useHasUnsavedChanges = () =>
  useSyncExternalStore(
    subscribe,
    () => dirtyForms > 0,
    () => false,
  );
