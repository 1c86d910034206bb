import { toast } from '../../lib/toast.ts';
import { genericMessages } from '../../../shared/messages/generic.ts';
import { ApiError } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { AccountCard } from './account-card.tsx';
import { useExportAccount } from './api.ts';

/** « Mes données »: everything the account holds, as one JSON file (RGPD art. 20). */
export function ExportCard() {
  const exportAccount = useExportAccount();
  const start = () =>
    exportAccount.mutate(undefined, {
      onSuccess: () => toast.success('Vos données ont été téléchargées'),
      onError: (error) => toast.error(error instanceof ApiError ? error.message : genericMessages.internal),
    });
  return (
    <AccountCard
      title="Mes données"
      description="Téléchargez tout ce que votre compte contient (profil, abonnement, recettes, menus, codes QR, sessions) dans un fichier JSON."
    >
      <Button variant="secondary" onClick={start} disabled={exportAccount.isPending}>
        {exportAccount.isPending ? 'Préparation de l’export...' : 'Exporter mes données'}
      </Button>
    </AccountCard>
  );
}
