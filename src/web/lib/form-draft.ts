import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';

/**
 * What was typed into a form's stand-in before the form's own code arrived, handed over to the
 * form (docs/decisions/0041-first-load-javascript.md). The sign-in, sign-up and new-password forms
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
    const focus =
      active instanceof HTMLInputElement && active.name && form.contains(active)
        ? { name: active.name, start: active.selectionStart, end: active.selectionEnd }
        : null;
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

/** What was typed into the form the server painted (src/server/web-app/static.ts), until a stand-in takes it. */
let painted: Snapshot | null = null;
/** The address typed when « Mot de passe oublié ? » was pressed on the painted form (the page's small script marks it), else null. */
let paintedForgotEmail: string | null = null;
/** Set once the page has taken what the painted form asked for: later events change nothing. */
let paintedHandedOver = false;

/**
 * The address typed into the painted form when its « Mot de passe oublié ? » was pressed
 * before the app came, else null: the page opens on that step (src/web/pages/auth-page.tsx).
 * A plain read, the same for every render; the page ends it as it commits
 * (endPaintedForgotPassword), when it may also find a press made while it rendered.
 */
export const paintedForgotPasswordEmail = (): string | null => paintedForgotEmail;

/** The page took the painted form's « Mot de passe oublié ? »: what was typed goes with it. */
export function endPaintedForgotPassword() {
  if (paintedForgotEmail === null) return;
  paintedForgotEmail = null;
  painted = null;
  paintedHandedOver = true;
}

/**
 * Follows the form of the server's first paint of a signed-out page (/auth) until the app's
 * first commit replaces it (src/web/main.tsx): its values, the field last focused with its
 * caret, and a submit (the painted form cannot be sent before the app: the page's small script
 * marks an Enter or its button instead). The
 * stand-in that replaces it takes all of it as it mounts (useDraftSource), in that same commit.
 */
export function followPaintedForm(root: HTMLElement) {
  const form = root.querySelector('form');
  if (!form) return;
  let focus: Snapshot['focus'] = null;
  // Enter or the button pressed before this code came: the page's small script marked it
  // (src/web/landing/landing-script.ts), as it marks « Mot de passe oublié ? ».
  let submitted = false;
  const read = (event?: Event) => {
    // Once the app has replaced the paint, the form is gone: what it held is kept as it was.
    if (!form.isConnected || paintedHandedOver) return;
    if (form.hasAttribute('data-submitted')) submitted = true;
    const active = document.activeElement;
    if (active instanceof HTMLInputElement && active.name && form.contains(active))
      focus = { name: active.name, start: active.selectionStart, end: active.selectionEnd };
    if (
      event instanceof KeyboardEvent &&
      event.type === 'keydown' &&
      event.key === 'Enter' &&
      event.target instanceof HTMLInputElement
    )
      submitted = true;
    const values: Record<string, string> = {};
    for (const input of form.querySelectorAll<HTMLInputElement>('input[name]')) values[input.name] = input.value;
    painted = { values, focus, submitted };
    paintedForgotEmail = form.getAttribute('data-intent') === 'forgot-password' ? (values.email ?? '') : null;
  };
  read();
  for (const type of ['input', 'focusin', 'keydown', 'keyup', 'click', 'select', 'submit'])
    form.addEventListener(type, read);
}

/**
 * For the stand-in's `<form ref={formRef} onSubmit={onSubmit}>`: takes what was typed into the
 * server's painted form, if it replaces one; hands its inputs, the focus and a submit made on
 * it to `draft` as it leaves. `submitted`: to show the button busy.
 */
export function useDraftSource(draft: FormDraft) {
  const formRef = useRef<HTMLFormElement>(null);
  // Enter pressed on the server's painted form counts as this form's submit (useState's first render reads it).
  const [submitted, setSubmitted] = useState(() => painted?.submitted === true);
  const submittedRef = useRef(submitted);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submittedRef.current = true;
    setSubmitted(true);
  };
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const fromPaint = painted;
    painted = null;
    if (fromPaint) {
      // A submit made on the painted form after this stand-in rendered, before it was on the
      // page (the app renders in a transition: the page stays live meanwhile), counts too.
      if (fromPaint.submitted && !submittedRef.current) {
        submittedRef.current = true;
        setSubmitted(true);
      }
      for (const input of form.querySelectorAll<HTMLInputElement>('input[name]')) {
        const value = fromPaint.values[input.name];
        if (value !== undefined && value !== '') input.value = value;
      }
      const input =
        fromPaint.focus && form.querySelector<HTMLInputElement>(`input[name="${CSS.escape(fromPaint.focus.name)}"]`);
      if (fromPaint.focus && input) {
        input.focus();
        if (fromPaint.focus.start !== null && fromPaint.focus.end !== null)
          input.setSelectionRange(fromPaint.focus.start, fromPaint.focus.end);
      }
    }
    return () => draft.leave(form, submittedRef.current);
  }, [draft]);
  return { formRef, onSubmit, submitted };
}

/**
 * For the real form: once, as it mounts, gives the draft's non-empty values to `setValue`,
 * puts the focus and caret back and submits if the stand-in was submitted.
 */
export function useTakeDraft(
  draft: FormDraft,
  {
    setValue,
    root,
    submit,
  }: { setValue: (name: string, value: string) => void; root: () => HTMLElement | null; submit: () => void },
) {
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
