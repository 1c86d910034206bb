import { Link } from 'react-router';
import type { Menu } from '../../../shared/api/menus.ts';
import { Badge, Card } from '../../components/ui/card.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { formatDate } from '../../lib/format.ts';
import { EditDeleteButtons } from '../../components/ui/edit-delete-buttons.tsx';

/**
 * A menu of « Mes Menus », with its establishment when the organisation has several. The
 * actions are given to the roles that may write (src/web/lib/use-can.ts): a viewer only opens
 * the content.
 */
export function MenuCard({
  menu,
  establishmentName,
  readOnly = false,
  actions,
}: {
  menu: Menu;
  establishmentName: string | null;
  /** Kept read-only and unpublished after a downgrade (DECISIONS 21): diners see the calm page. */
  readOnly?: boolean;
  actions: { onEdit: () => void; onToggle: () => void; onDelete: () => void; toggling: boolean } | null;
}) {
  return (
    <Card className="flex flex-col gap-3" data-testid="menu-card">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 break-words text-lg font-semibold">{menu.name}</h2>
        {readOnly ? (
          <Badge tone="neutral" className="shrink-0">
            Lecture seule, non publié
          </Badge>
        ) : (
          <Badge tone={menu.isActive ? 'green' : 'neutral'} className="shrink-0">
            {menu.isActive ? 'Actif' : 'Inactif'}
          </Badge>
        )}
      </div>
      {establishmentName && (
        <p className="break-words text-sm text-stone-600" data-testid="menu-establishment">
          Établissement : <span className="font-medium text-stone-800">{establishmentName}</span>
        </p>
      )}
      {menu.description && <p className="line-clamp-3 break-words text-sm text-stone-600">{menu.description}</p>}
      <div className="flex flex-wrap gap-2">
        <Link to={`/menu-editor/${menu.id}`} className={buttonClass('primary', 'sm')}>
          {actions ? 'Gérer le contenu' : 'Voir le contenu'}
        </Link>
        {actions && (
          <Button
            size="sm"
            variant="secondary"
            onClick={actions.onToggle}
            disabled={actions.toggling}
            aria-label={`${menu.isActive ? 'Désactiver' : 'Activer'} le menu ${menu.name}`}
          >
            {menu.isActive ? 'Désactiver' : 'Activer'}
          </Button>
        )}
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-3">
        <span className="text-xs text-stone-500">Créé le {formatDate(menu.createdAt)}</span>
        {actions && (
          <EditDeleteButtons
            subject={`le menu ${menu.name}`}
            confirmTitle="Êtes-vous sûr de vouloir supprimer ce menu ?"
            onEdit={actions.onEdit}
            onDelete={actions.onDelete}
          />
        )}
      </div>
    </Card>
  );
}
