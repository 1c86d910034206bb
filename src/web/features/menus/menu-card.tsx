import { Link } from 'react-router';
import type { Menu } from '../../../shared/api/menus.ts';
import { Badge, Card } from '../../components/ui/card.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { formatDate } from '../../lib/format.ts';
import { EditDeleteButtons } from '../../components/ui/edit-delete-buttons.tsx';

export function MenuCard({
  menu,
  onEdit,
  onToggle,
  onDelete,
  toggling,
}: {
  menu: Menu;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
  toggling: boolean;
}) {
  return (
    <Card className="flex flex-col gap-3" data-testid="menu-card">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 break-words text-lg font-semibold">{menu.name}</h3>
        <Badge tone={menu.isActive ? 'green' : 'neutral'} className="shrink-0">
          {menu.isActive ? 'Actif' : 'Inactif'}
        </Badge>
      </div>
      {menu.description && <p className="line-clamp-3 break-words text-sm text-stone-600">{menu.description}</p>}
      <div className="flex flex-wrap gap-2">
        <Link to={`/menu-editor/${menu.id}`} className={buttonClass('primary', 'sm')}>
          Gérer le contenu
        </Link>
        <Button size="sm" variant="secondary" onClick={onToggle} disabled={toggling}>
          {menu.isActive ? 'Désactiver' : 'Activer'}
        </Button>
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-3">
        <span className="text-xs text-stone-500">Créé le {formatDate(menu.createdAt)}</span>
        <EditDeleteButtons confirmTitle="Êtes-vous sûr de vouloir supprimer ce menu ?" onEdit={onEdit} onDelete={onDelete} />
      </div>
    </Card>
  );
}
