import { Dialog } from 'radix-ui';
import { deleteAccountSchema } from '../../../shared/api/auth.ts';
import { PasswordPrompt } from './password-prompt.tsx';
import { useDeleteAccount } from './api.ts';

const WHAT_IS_DELETED = [
  'vos recettes et leurs valeurs nutritionnelles ;',
  'vos menus, leurs sections et leurs plats : leurs pages publiques afficheront « Menu non trouvé » ;',
  'vos codes QR : ceux déjà imprimés ne mèneront plus à votre carte ;',
  'votre abonnement Premium, qui est résilié ;',
  'votre profil et vos sessions.',
];

/** The dialog that asks the password; open while mounted. */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const remove = useDeleteAccount();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 space-y-4 overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6">
          <Dialog.Title className="text-lg font-semibold text-red-800">
            Supprimer définitivement votre compte ?
          </Dialog.Title>
          <Dialog.Description asChild>
            <div className="space-y-2 text-sm text-stone-700">
              <p>Cette action est irréversible. Seront supprimés{'\u00a0'}:</p>
              <ul className="list-disc space-y-1 pl-5">
                {WHAT_IS_DELETED.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p>Pensez à exporter vos données avant. Saisissez votre mot de passe pour confirmer.</p>
            </div>
          </Dialog.Description>
          <PasswordPrompt
            destructive
            schema={deleteAccountSchema}
            submitLabel="Supprimer mon compte"
            pendingLabel="Suppression..."
            onCancel={onClose}
            onSubmit={(password) => remove.mutateAsync({ password })}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
