import type { Establishment } from '../../../shared/api/organisations.ts';
import { Card } from '../../components/ui/card.tsx';
import { EditDeleteButtons } from '../../components/ui/edit-delete-buttons.tsx';
import { formatDate } from '../../lib/format.ts';

/** One establishment: its name and address; owners edit and delete it. */
export function EstablishmentCard({
  establishment,
  canWrite,
  onEdit,
  onDelete,
}: {
  establishment: Establishment;
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const town = [establishment.postalCode, establishment.city].filter(Boolean).join(' ');
  const place = [establishment.address, town].filter(Boolean).join(', ');
  return (
    <Card className="flex min-w-0 flex-col gap-2" data-testid="establishment-card">
      <h2 className="break-words text-lg font-semibold">{establishment.name}</h2>
      <p className="break-words text-sm text-stone-700" data-testid="establishment-address">
        {place || <span className="text-stone-500">Adresse non renseignée</span>}
      </p>
      {establishment.phone && <p className="text-sm text-stone-700">{establishment.phone}</p>}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-3">
        <span className="text-xs text-stone-500">Créé le {formatDate(establishment.createdAt)}</span>
        {canWrite && (
          <EditDeleteButtons
            subject={`l’établissement ${establishment.name}`}
            confirmTitle={`Supprimer l’établissement « ${establishment.name} » ?`}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        )}
      </div>
    </Card>
  );
}
