import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../lib/toast.ts';
import { errorText } from './texts.ts';

/**
 * « Valider … » and « Supprimer le brouillon » of an imported draft (an invoice, a price list):
 * the deletion asks first, then goes back to « Achats ».
 */
export function DraftActions({
  confirmLabel,
  confirming,
  onConfirm,
  draftName,
  readName,
  deleting,
  onDelete,
}: {
  /** « Valider la facture », « Valider le tarif ». */
  confirmLabel: string;
  confirming: boolean;
  onConfirm: () => void;
  /** « facture », « tarif »: « Supprimer ce brouillon de … ? ». */
  draftName: string;
  /** « La facture lue », « Le tarif lu »: what the deletion erases. */
  readName: string;
  deleting: boolean;
  onDelete: (callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}) {
  const navigate = useNavigate();
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={onConfirm} disabled={confirming}>
        {confirming ? 'Validation…' : confirmLabel}
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="ghost" disabled={deleting}>
            Supprimer le brouillon
          </Button>
        }
        title={`Supprimer ce brouillon de ${draftName} ?`}
        description={`${readName} et son rapprochement seront effacés ; vous pourrez l’importer à nouveau.`}
        onConfirm={() =>
          onDelete({
            onSuccess: () => {
              toast.success('Brouillon supprimé');
              void navigate('/achats');
            },
            onError: (e) => toast.error(errorText(e, 'Erreur lors de la suppression')),
          })
        }
      />
    </div>
  );
}
