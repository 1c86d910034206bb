import { useEffect, useRef } from 'react';
import { changeTime, versionMessages as m } from '../../shared/api/versions.ts';
import { changedFields, type Describe, type VersionConflictHandle } from '../lib/versions.ts';
import { Button } from './ui/button.tsx';

export interface ConflictNoticeProps<R, I> {
  conflict: VersionConflictHandle<R, I>;
  describe: Describe<R>;
  /** Drops what was typed and shows the saved version (the form takes `theirs` and its version). */
  onReload: (theirs: R) => void;
  /** Sends what was typed again, on the saved version. */
  onKeepMine: (mine: I, version: number) => void;
  busy?: boolean;
  /** Moves the focus to the notice (default); a form that saves on blur keeps it where it is. */
  focus?: boolean;
}

/**
 * The notice of ./conflict-notice.tsx, loaded apart from the page: it shows only after a 409.
 * A stale version's 409 in a form (src/web/lib/versions.ts): who saved meanwhile and when, the
 * fields they changed (before / now), and the two ways on. What the user typed stays in the
 * form until they choose. Inline, not a modal: the form stays readable beside it.
 */
export default function ConflictNoticeContent<R, I>({
  conflict,
  describe,
  onReload,
  onKeepMine,
  busy = false,
  focus = true,
}: ConflictNoticeProps<R, I>) {
  const heading = useRef<HTMLHeadingElement>(null);
  const state = conflict.state;
  useEffect(() => {
    if (state && focus) heading.current?.focus();
  }, [state?.conflict]); // eslint-disable-line react-hooks/exhaustive-deps -- focus once per conflict
  if (!state) return null;
  const { theirs } = state;
  const who = state.conflict.updatedBy;
  const rows = theirs ? changedFields(describe, state.base, theirs) : [];
  return (
    <section
      role="alert"
      aria-labelledby="conflict-title"
      data-testid="conflict-notice"
      className="space-y-3 rounded-lg border border-orange-300 bg-orange-50 p-4 text-sm text-orange-950"
    >
      <h3 id="conflict-title" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {m.dialogTitle}
      </h3>
      <p>
        {state.conflict.updatedAt === null
          ? m.notSavedYet
          : m.changedBy(who, changeTime(new Date(state.conflict.updatedAt)))}
      </p>
      {theirs === undefined ? (
        <p role="status">Chargement de la version enregistrée…</p>
      ) : theirs === null ? (
        <p>La version enregistrée n’a pas pu être lue.</p>
      ) : rows.length === 0 ? (
        <p>{m.noVisibleChange}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[18rem] border-collapse text-left">
            <caption className="sr-only">Champs modifiés</caption>
            <thead>
              <tr className="border-b border-orange-200">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Champ
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  À l’ouverture
                </th>
                <th scope="col" className="py-1 font-medium">
                  {m.theirValue}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className="border-b border-orange-100 align-top last:border-0">
                  <th scope="row" className="py-1 pr-3 font-medium">
                    {row.label}
                  </th>
                  <td className="py-1 pr-3 text-stone-600 line-through decoration-stone-400">{row.before || '—'}</td>
                  <td className="py-1">{row.now || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="secondary"
          disabled={busy || !theirs}
          onClick={() => {
            if (!theirs) return;
            conflict.clear();
            onReload(theirs);
          }}
        >
          {m.reload}
        </Button>
        <Button disabled={busy} onClick={() => onKeepMine(state.mine, state.conflict.version)}>
          {m.keepMine}
        </Button>
      </div>
    </section>
  );
}
