import { toast } from '../../lib/toast.ts';
import type { MenuItem } from '../../../shared/api/menus.ts';
import { Button } from '../../components/ui/button.tsx';
import { useSetItemSoldOut } from './api.ts';
import { ApiError } from '../../lib/api.ts';

/**
 * « Épuisé » in one tap from the kitchen's phone, and back (docs/decisions/0020): the dish stays on the
 * public menu, marked sold out, and pages open there update within seconds.
 */
export function SoldOutToggle({ menuId, item }: { menuId: string; item: MenuItem }) {
  const setSoldOut = useSetItemSoldOut(menuId);
  const next = !item.soldOut;
  const send = (version: number) =>
    setSoldOut.mutate(
      { id: item.id, soldOut: next, version },
      {
        onSuccess: () =>
          toast.success(next ? `« ${item.name} » est épuisé` : `« ${item.name} » est de nouveau disponible`),
        onError: (error) => {
          // A stale version's notice (src/web/lib/versions.ts) loads on its 409, not with the editor (docs/decisions/0041).
          if (error instanceof ApiError && error.code === 'conflict' && error.conflict)
            void import('../../lib/versions.ts').then(({ toastConflict }) => toastConflict(error, send));
          else toast.error('Erreur lors de la mise à jour');
        },
      },
    );
  const onClick = () => send(item.version);
  // A toggle keeps one name (aria-pressed says its state), and its visible word starts that
  // name (axe « label-content-name-mismatch », WCAG 2.5.3): « Épuisé », ticked when pressed.
  return (
    <Button
      size="sm"
      variant={item.soldOut ? 'primary' : 'secondary'}
      aria-pressed={item.soldOut}
      disabled={setSoldOut.isPending}
      onClick={onClick}
      aria-label={`Épuisé : ${item.name}`}
    >
      {item.soldOut && <span aria-hidden="true">✓ </span>}
      Épuisé
    </Button>
  );
}
