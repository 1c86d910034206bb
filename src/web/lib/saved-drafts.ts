import { useEffect, useEffectEvent, useState } from 'react';
import { useMe } from './queries.ts';
import { useUnsavedChanges } from './unsaved-changes.ts';

/**
 * Drafts of the long forms (recipe, product, formule, establishment), kept in this browser as
 * they are typed (docs/decisions/0036-the-owners-day.md): half a recipe left for « Mes Menus »,
 * or a tab closed, is offered back (« Reprendre le brouillon du … ») the next time the form opens.
 * Keyed by organisation, form and row (`new` for a creation), so a shared computer or a second
 * organisation never mixes them. Only this browser has them: nothing is sent until « Créer ».
 * A draft never races the server's versions: it is the owner's own typing, resumed on request.
 */
export type DraftForm = 'recette' | 'produit' | 'formule' | 'etablissement';

export interface StoredDraft<T> {
  /** When it was last written (ISO). */
  savedAt: string;
  /** What the form shows in a list of drafts (the name typed). */
  title: string;
  value: T;
}

const PREFIX = 'nutricarte:brouillon:';
const draftKey = (organisationId: string, form: DraftForm, id: string | null) =>
  `${PREFIX}${organisationId}:${form}:${id ?? 'new'}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage refused (private mode of some browsers, a policy): forms work, without drafts.
    return null;
  }
}

function readDraft<T>(key: string): StoredDraft<T> | null {
  const text = storage()?.getItem(key);
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as StoredDraft<T>;
    return typeof draft.savedAt === 'string' && draft.value !== undefined ? draft : null;
  } catch {
    return null;
  }
}

function writeDraft<T>(key: string, draft: StoredDraft<T>): void {
  try {
    storage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // Quota full: the draft is not kept, the form goes on.
  }
}

const removeDraft = (key: string) => storage()?.removeItem(key);

/** The drafts of one form in the organisation in use, read as the page renders (see listDrafts). */
export function useDraftList<T>(form: DraftForm): (StoredDraft<T> & { id: string | null })[] {
  const { data: me } = useMe();
  return me ? listDrafts<T>(me.organisation.id, form) : [];
}

/** The drafts of one form of the organisation, newest first, with the row each is for (`null`: a new one). */
function listDrafts<T>(organisationId: string, form: DraftForm): (StoredDraft<T> & { id: string | null })[] {
  const store = storage();
  if (!store) return [];
  const prefix = draftKey(organisationId, form, '');
  const found: (StoredDraft<T> & { id: string | null })[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(prefix)) continue;
    const draft = readDraft<T>(key);
    const id = key.slice(prefix.length);
    if (draft) found.push({ ...draft, id: id === 'new' ? null : id });
  }
  return found.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/** « 12 mars à 14:05 », in Paris time like every date of the app. */
export const draftDate = (savedAt: string) => {
  const date = new Date(savedAt);
  const day = date.toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', timeZone: 'Europe/Paris' });
  const time = date.toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });
  return `${day} à ${time}`;
};

export const resumeLabel = (savedAt: string) => `Reprendre le brouillon du ${draftDate(savedAt)}`;

export interface FormDraft<T> {
  /** The form differs from what it opened with (or from its last save). */
  dirty: boolean;
  /** The draft found when the form opened, until it is resumed or set aside. */
  offer: StoredDraft<T> | null;
  resume: () => void;
  discard: () => void;
  /** After a successful save: the draft is gone, and leaving warns no more. */
  saved: () => void;
}

/**
 * Keeps `value` as the form's draft while it differs from `initial`, warns before leaving with unsaved changes (./unsaved-changes.ts), and offers a draft
 * found when the form opens: `restore` puts it back. With `resumeAtOnce`, it is put back
 * without asking (the owner pressed « Reprendre le brouillon » on the list).
 */
export function useFormDraft<T>({
  form,
  id,
  value,
  initial,
  title,
  restore,
  resumeAtOnce = false,
}: {
  form: DraftForm;
  id: string | null;
  value: T;
  initial: T;
  title: string;
  restore: (value: T) => void;
  resumeAtOnce?: boolean;
}): FormDraft<T> {
  const { data: me } = useMe();
  const organisationId = me?.organisation.id ?? null;
  const key = organisationId ? draftKey(organisationId, form, id) : null;
  const text = JSON.stringify(value);
  const dirty = text !== JSON.stringify(initial);
  // The draft found as the form opens (the signed-in layout has the organisation by then). It is
  // not overwritten by the untouched form until the owner answers.
  const [found] = useState(() => {
    const stored = key ? readDraft<T>(key) : null;
    return stored && JSON.stringify(stored.value) !== JSON.stringify(initial) ? stored : null;
  });
  const [answered, setAnswered] = useState(found === null || resumeAtOnce);
  const [done, setDone] = useState(false);
  const resumeNow = useEffectEvent(() => {
    if (found && resumeAtOnce) restore(found.value);
  });
  useEffect(() => resumeNow(), []);

  // Written as typed (a few kB, synchronously): a tab closed a moment later keeps the last keystroke.
  useEffect(() => {
    if (!key || !answered || done) return;
    if (dirty) writeDraft(key, { savedAt: new Date().toISOString(), title, value: JSON.parse(text) as T });
    else removeDraft(key);
  }, [key, answered, done, dirty, text, title]);

  useUnsavedChanges(dirty && !done);

  return {
    dirty: dirty && !done,
    offer: answered ? null : found,
    resume: () => {
      if (found) restore(found.value);
      setAnswered(true);
    },
    discard: () => {
      if (key) removeDraft(key);
      setAnswered(true);
    },
    saved: () => {
      if (key) removeDraft(key);
      setDone(true);
    },
  };
}
