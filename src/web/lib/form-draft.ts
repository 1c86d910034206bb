import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';

/**
 * What was typed into a form's stand-in before the form's own code arrived, handed over to the
 * form (docs/decisions/0022 « Signed-out pages »). The sign-in, sign-up and new-password forms
 * load react-hook-form and zod after the page has painted; until then the page shows the same
 * fields, live, so nobody waits to start typing.
 *
 * The hand-over happens inside the one React commit that swaps the stand-in for the form:
 * the stand-in's layout-effect cleanup runs before its inputs leave the page and copies their
 * values and the focus here; the form's layout effect runs later in that same commit and takes
 * them. No event can fall between the two, and values a password manager filled in without an
 * input event come along too, since they are read from the inputs themselves. A submit made
 * on the stand-in (Enter, or its button) is kept and made again by the form.
 */
interface Snapshot {
  values: Record<string, string>;
  /** The `name` of the input that had the focus, with its caret when the input type has one. */
  focus: { name: string; start: number | null; end: number | null } | null;
  submitted: boolean;
}

/** One per form: what its stand-in left, until the form takes it. */
export class FormDraft {
  #snapshot: Snapshot | null = null;

  /** Copies the named inputs of `form` and the focus, as the stand-in leaves the page. */
  leave(form: HTMLFormElement, submitted: boolean) {
    const values: Record<string, string> = {};
    for (const input of form.querySelectorAll<HTMLInputElement>('input[name]')) values[input.name] = input.value;
    const active = document.activeElement;
    const focus = active instanceof HTMLInputElement && active.name && form.contains(active) ? { name: active.name, start: active.selectionStart, end: active.selectionEnd } : null;
    const snapshot = { values, focus, submitted };
    this.#snapshot = snapshot;
    // Good for this commit only: a stand-in that left with its page (a link followed before the
    // code came) must not fill, or submit, a form mounted on a later visit.
    queueMicrotask(() => {
      if (this.#snapshot === snapshot) this.#snapshot = null;
    });
  }

  /** What the stand-in left, once: the draft is emptied (it may hold a password). */
  take(): Snapshot | null {
    const snapshot = this.#snapshot;
    this.#snapshot = null;
    return snapshot;
  }
}

/**
 * For the stand-in's `<form ref={formRef} onSubmit={onSubmit}>`: hands its inputs, the focus
 * and a submit made on it to `draft` as it leaves. `submitted`: to show the button busy.
 */
export function useDraftSource(draft: FormDraft) {
  const formRef = useRef<HTMLFormElement>(null);
  const [submitted, setSubmitted] = useState(false);
  const submittedRef = useRef(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submittedRef.current = true;
    setSubmitted(true);
  };
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    return () => draft.leave(form, submittedRef.current);
  }, [draft]);
  return { formRef, onSubmit, submitted };
}

/**
 * For the real form: once, as it mounts, gives the draft's non-empty values to `setValue`,
 * puts the focus and caret back and submits if the stand-in was submitted.
 */
export function useTakeDraft(draft: FormDraft, { setValue, root, submit }: { setValue: (name: string, value: string) => void; root: () => HTMLElement | null; submit: () => void }) {
  useLayoutEffect(() => {
    const snapshot = draft.take();
    if (!snapshot) return;
    const { values, focus, submitted } = snapshot;
    for (const [name, value] of Object.entries(values)) if (value !== '') setValue(name, value);
    const input = focus && root()?.querySelector<HTMLInputElement>(`input[name="${CSS.escape(focus.name)}"]`);
    if (focus && input) {
      input.focus();
      if (focus.start !== null && focus.end !== null) input.setSelectionRange(focus.start, focus.end);
      else {
        // An email input has no caret API (selectionStart is null): writing its value again puts the caret at its end.
        const value = input.value;
        input.value = '';
        input.value = value;
      }
    }
    if (submitted) submit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: the hand-over of one commit
  }, []);
}
