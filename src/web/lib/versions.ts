import { useCallback, useEffect, useRef, useState } from 'react';
import { versionMessages as m, type VersionConflict } from '../../shared/api/versions.ts';
import { ApiError } from './api.ts';
import { toast } from './toast.ts';

/**
 * Versions and conflicts on the web (src/shared/api/versions.ts): a form sends the `version` it
 * opened, and a 409 of a stale one keeps what the user typed and shows who saved meanwhile and
 * what changed, with « Recharger » and « Garder mes modifications » (src/web/components/conflict-notice.tsx).
 *
 *   const versioned = useVersionedForm<Recipe, RecipeInput>(recipe?.version);
 *   // the save sends { ...input, version: versioned.version }, then in its onError:
 *   if (versioned.conflict.caught(error, { base: recipe, mine: input, load: () => api(…) })) return;
 *   <form ref={versioned.formRef} …>
 *   <ConflictNotice conflict={versioned.conflict} describe={describeRecipe} onReload={…}
 *     onKeepMine={(_mine, saved) => versioned.keepMine(saved)} />
 */

/** A body that may name the version it was read at. */
export type Versioned<T> = T & { version?: number };

/** The stale version's 409 in an error, or null. */
export function conflictOf(error: unknown): VersionConflict | null {
  return error instanceof ApiError && error.code === 'conflict' && error.conflict ? error.conflict : null;
}

export interface ConflictState<R, I> {
  conflict: VersionConflict;
  /** The resource as the form opened it. */
  base: R;
  /** What the user tried to save, sent again by « Garder mes modifications ». */
  mine: I;
  /** The saved version: undefined while it loads, null when it could not be read (deleted meanwhile). */
  theirs: R | null | undefined;
}

export interface VersionConflictHandle<R, I> {
  state: ConflictState<R, I> | null;
  /** True when `error` is a stale version's 409: the notice shows and the saved version is read. */
  caught(error: unknown, context: { base: R; mine: I; load: () => Promise<R> }): boolean;
  clear(): void;
}

export function useVersionConflict<R, I>(): VersionConflictHandle<R, I> {
  const [state, setState] = useState<ConflictState<R, I> | null>(null);
  const turn = useRef(0);
  const caught = useCallback((error: unknown, { base, mine, load }: { base: R; mine: I; load: () => Promise<R> }) => {
    const conflict = conflictOf(error);
    if (!conflict) return false;
    const mineTurn = ++turn.current;
    setState({ conflict, base, mine, theirs: undefined });
    load().then(
      (theirs) => turn.current === mineTurn && setState((s) => s && { ...s, theirs }),
      () => turn.current === mineTurn && setState((s) => s && { ...s, theirs: null }),
    );
    return true;
  }, []);
  const clear = useCallback(() => {
    turn.current++;
    setState(null);
  }, []);
  return { state, caught, clear };
}

/** What a conflict notice shows of a resource: a value per French label, as the user reads it. */
export type Describe<R> = (resource: R) => Record<string, string>;

export interface ChangedField {
  label: string;
  before: string;
  now: string;
}

/** The fields the other save changed: their value when the form opened, and now. */
export function changedFields<R>(describe: Describe<R>, base: R, theirs: R): ChangedField[] {
  const before = describe(base);
  const now = describe(theirs);
  return Object.keys({ ...before, ...now })
    .filter((label) => (before[label] ?? '') !== (now[label] ?? ''))
    .map((label) => ({ label, before: before[label] ?? '', now: now[label] ?? '' }));
}

/**
 * A form's version: the one it opened, sent with each save; « Garder mes modifications »
 * (`keepMine`) takes the saved version and submits the form again as it is now, through the
 * form's own checks.
 */
export function useVersionedForm<R, I>(opened: number | undefined) {
  const conflict = useVersionConflict<R, I>();
  const [version, setVersion] = useState(opened);
  const [resubmit, setResubmit] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (resubmit > 0) formRef.current?.requestSubmit();
  }, [resubmit]);
  const keepMine = useCallback((saved: number) => {
    setVersion(saved);
    setResubmit((n) => n + 1);
  }, []);
  return { conflict, version, setVersion, formRef, keepMine };
}

/**
 * A one-tap change (a menu's « actif », an item's « Épuisé ») refused for a stale version: the
 * message says who and when; « Garder mes modifications » sends the same tap on the saved
 * version, « Recharger » keeps the saved one (the list is read again after any answer).
 * True when `error` was such a conflict.
 */
export function toastConflict(error: unknown, keepMine: (version: number) => void): boolean {
  const conflict = conflictOf(error);
  if (!conflict) return false;
  toast.error(m.dialogTitle, {
    id: 'version-conflict',
    description: (error as Error).message,
    duration: 20_000,
    action: { label: m.keepMine, onClick: () => keepMine(conflict.version) },
    cancel: { label: m.reload, onClick: () => undefined },
  });
  return true;
}
