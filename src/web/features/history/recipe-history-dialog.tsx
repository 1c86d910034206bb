import { Dialog } from 'radix-ui';
import { Spinner } from '../../components/ui/card.tsx';
import { useRecipeHistory } from './api.ts';
import { HistoryList } from './history-list.tsx';

/** « Historique » of one recipe, opened from its card: who created, changed, confirmed it, and when. */
export function RecipeHistoryDialog({
  recipeId,
  recipeName,
  onClose,
}: {
  recipeId: string;
  recipeName: string;
  onClose: () => void;
}) {
  const history = useRecipeHistory(recipeId);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-[5vh] z-50 flex max-h-[90vh] w-[calc(100%-1.5rem)] max-w-2xl -translate-x-1/2 flex-col gap-3 rounded-xl bg-white p-4 shadow-xl sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Dialog.Title className="break-words text-lg font-semibold sm:text-xl">
                Historique de « {recipeName} »
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-stone-600">
                Qui a créé, modifié ou confirmé cette recette, et quand.
              </Dialog.Description>
            </div>
            <Dialog.Close
              className="-mr-1 -mt-1 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-xl text-stone-600 hover:bg-stone-100"
              aria-label="Fermer"
            >
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <div className="min-h-0 overflow-y-auto">
            {history.isPending ? (
              <Spinner label="Chargement de l’historique..." />
            ) : history.isError ? (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
                Erreur lors du chargement de l’historique
              </p>
            ) : history.data.length === 0 ? (
              <p className="py-6 text-center text-sm text-stone-500">
                Aucune modification enregistrée pour cette recette.
              </p>
            ) : (
              <HistoryList events={history.data} label={`Historique de ${recipeName}`} />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
