import { toast } from '../../lib/toast.ts';
import type { MenuItem } from '../../../shared/api/menus.ts';
import { Button } from '../../components/ui/button.tsx';
import { useSetItemSoldOut } from './api.ts';
import { toastConflict } from '../../lib/versions.ts';

/**
 * « Épuisé » in one tap from the kitchen's phone, and back (issue 18): the dish stays on the
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
          if (!toastConflict(error, send)) toast.error('Erreur lors de la mise à jour');
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
