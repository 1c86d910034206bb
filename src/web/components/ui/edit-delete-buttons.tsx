import { Button } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * « Modifier » and « Supprimer » side by side; deleting asks `confirmTitle` first (docs/product/spec.md section 5).
 * Each says what it acts on to a screen reader, which lists a page's buttons apart from their
 * cards (« Modifier la recette Quiche », RGAA 11.9); the visible word begins the name (WCAG 2.5.3).
 */
export function EditDeleteButtons({
  subject,
  confirmTitle,
  onEdit,
  onDelete,
}: {
  /** What the buttons act on, after the verb: « la recette Quiche aux poireaux ». */
  subject: string;
  confirmTitle: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex gap-2">
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Modifier ${subject}`}>
        Modifier
      </Button>
      <ConfirmDialog
        title={confirmTitle}
        onConfirm={onDelete}
        trigger={
          <Button size="sm" variant="dangerGhost" aria-label={`Supprimer ${subject}`}>
            Supprimer
          </Button>
        }
      />
    </div>
  );
}
