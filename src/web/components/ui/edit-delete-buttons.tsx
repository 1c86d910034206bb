import { Button } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** « Modifier » and « Supprimer » side by side; deleting asks `confirmTitle` first (docs/product/spec.md section 5). */
export function EditDeleteButtons({
  confirmTitle,
  onEdit,
  onDelete,
}: {
  confirmTitle: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex gap-2">
      <Button size="sm" variant="secondary" onClick={onEdit}>
        Modifier
      </Button>
      <ConfirmDialog
        title={confirmTitle}
        onConfirm={onDelete}
        trigger={
          <Button size="sm" variant="dangerGhost">
            Supprimer
          </Button>
        }
      />
    </div>
  );
}
