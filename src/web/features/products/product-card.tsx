import type { Product } from '../../../shared/api/products.ts';
import { MEAT_KIND_LABELS, PRICE_UNIT_LABELS, PRODUCT_LABEL_NAMES } from '../../../shared/api/product-vocabulary.ts';
import { formatDecimal } from '../../../shared/decimal.ts';
import { energySourceNote } from '../../../shared/energy.ts';
import { Card } from '../../components/ui/card.tsx';
import { EditDeleteButtons } from '../../components/ui/edit-delete-buttons.tsx';

const value = (n: number | null, unit: string) => (n === null ? 'non renseigné' : `${formatDecimal(n, 2)} ${unit}`);

/** One product of « Mes produits »: its label values, allergens, price and labels; owners and editors change it. */
export function ProductCard({
  product,
  canWrite,
  onEdit,
  onDelete,
}: {
  product: Product;
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { per100g } = product;
  return (
    <Card className="flex min-w-0 flex-col gap-2" data-testid="product-card">
      <div>
        <h2 className="break-words text-lg font-semibold">{product.name}</h2>
        {product.supplier && <p className="text-sm text-stone-600">{product.supplier}</p>}
      </div>
      <dl className="grid grid-cols-2 gap-x-3 text-sm">
        <dt className="text-stone-600">Énergie</dt>
        <dd>{value(per100g.energyKcal, 'kcal')} / 100 g</dd>
        <dt className="text-stone-600">Matières grasses</dt>
        <dd>{value(per100g.fat, 'g')}</dd>
        <dt className="text-stone-600">Protéines</dt>
        <dd>{value(per100g.protein, 'g')}</dd>
        <dt className="text-stone-600">Prix HT</dt>
        <dd>
          {product.price
            ? `${formatDecimal(product.price.amount, 2, 2)} € ${PRICE_UNIT_LABELS[product.price.per]}`
            : 'non renseigné'}
        </dd>
      </dl>
      {energySourceNote(product.energy) && (
        <p className="text-xs text-stone-600" data-testid="product-energy-source">
          {energySourceNote(product.energy)}.
        </p>
      )}
      {(product.allergens.length > 0 || product.traces.length > 0) && (
        <p className="text-sm" data-testid="product-allergens">
          {product.allergens.length > 0 && (
            <span className="font-medium text-red-800">Contient : {product.allergens.join(', ')}. </span>
          )}
          {product.traces.length > 0 && (
            <span className="text-amber-900">Peut contenir : {product.traces.join(', ')}.</span>
          )}
        </p>
      )}
      {(product.origin || product.meatKind || product.labels.length > 0) && (
        <p className="text-xs text-stone-600">
          {[
            product.origin && (product.originStages ? product.origin : `Origine : ${product.origin}`),
            product.meatKind && MEAT_KIND_LABELS[product.meatKind],
            ...product.labels.map((l) => PRODUCT_LABEL_NAMES[l]),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-3">
        <span className="text-xs text-stone-500">
          {product.usedBy.length === 0
            ? 'Utilisé dans aucune recette'
            : `Utilisé dans ${product.usedBy.length} recette${product.usedBy.length > 1 ? 's' : ''}`}
        </span>
        {canWrite && (
          <EditDeleteButtons
            subject={`le produit ${product.name}`}
            confirmTitle={`Supprimer le produit « ${product.name} » ?`}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        )}
      </div>
    </Card>
  );
}
