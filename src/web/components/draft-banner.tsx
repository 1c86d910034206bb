import { draftDate, resumeLabel, type FormDraft, type StoredDraft } from '../lib/saved-drafts.ts';
import { Button } from './ui/button.tsx';
import { ConfirmDialog } from './ui/confirm-dialog.tsx';

/**
 * At the top of a form that has a draft in this browser (src/web/lib/saved-drafts.ts):
 * « Reprendre le brouillon du 12 mars à 14:05 », or set it aside.
 */
export function DraftBanner<T>({ draft, what }: { draft: FormDraft<T>; what: string }) {
  if (!draft.offer) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
      data-testid="draft-banner"
    >
      <p>
        {`Des modifications de ${what} n’ont pas été enregistrées (brouillon du ${draftDate(draft.offer.savedAt)}).`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" className="h-auto min-h-8 py-1" onClick={draft.resume}>
          <ResumeLabel savedAt={draft.offer.savedAt} />
        </Button>
        <Button size="sm" variant="ghost" onClick={draft.discard}>
          Ignorer
        </Button>
      </div>
    </div>
  );
}

/**
 * « Reprendre le brouillon du 29 novembre à 10:57 », wrapped on a phone: the button's own
 * `whitespace-nowrap` wins over a `whitespace-normal` beside it (Tailwind orders the two
 * utilities itself), so the label sets its own.
 */
function ResumeLabel({ savedAt }: { savedAt: string }) {
  return <span className="whitespace-normal text-center">{resumeLabel(savedAt)}</span>;
}

/** « Annuler » of a long form: with changes typed, asks before setting them aside. */
export function CancelButton({ dirty, onCancel }: { dirty: boolean; onCancel: () => void }) {
  if (!dirty)
    return (
      <Button variant="secondary" onClick={onCancel}>
        Annuler
      </Button>
    );
  return (
    <ConfirmDialog
      trigger={<Button variant="secondary">Annuler</Button>}
      title="Abandonner les modifications ?"
      description="Ce que vous avez saisi depuis le dernier enregistrement sera perdu, brouillon compris."
      confirmLabel="Abandonner"
      cancelLabel="Continuer la saisie"
      onConfirm={onCancel}
    />
  );
}

/**
 * On a list page: the forms begun or changed and not saved (src/web/lib/saved-drafts.ts), each
 * with « Reprendre le brouillon du … », which opens its form with the draft put back.
 */
export function DraftNotices<D extends StoredDraft<unknown> & { id: string | null }>({
  drafts,
  describe,
  onResume,
}: {
  drafts: readonly D[];
  /** « Recette commencée et pas encore enregistrée : « Quiche » ». */
  describe: (draft: D) => string;
  onResume: (draft: D) => void;
}) {
  return drafts.map((d) => (
    <div
      key={d.id ?? 'new'}
      role="status"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
      data-testid="draft-notice"
    >
      <p>{describe(d)}</p>
      <Button size="sm" className="h-auto min-h-8 py-1" onClick={() => onResume(d)}>
        <ResumeLabel savedAt={d.savedAt} />
      </Button>
    </div>
  ));
}
