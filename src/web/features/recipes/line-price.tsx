import { useState } from 'react';
import { Link } from 'react-router';
import { PRICE_UNIT_LABELS } from '../../../shared/api/product-vocabulary.ts';
import { IngredientPriceEditor } from '../../components/ingredient-price-editor.tsx';
import { formatEuros } from '../../lib/format.ts';
import type { DraftLine } from './draft-lines.ts';
import type { LineCost } from './line-costs.ts';

const priceText = (price: { amount: number; per: keyof typeof PRICE_UNIT_LABELS }) =>
  `${formatEuros(price.amount)} ${PRICE_UNIT_LABELS[price.per]}`;

/** A product's price says where it comes from: the one price of a product, its invoices' or typed (docs/product/costs.md). */
const PRODUCT_PRICE_SOURCES = {
  invoice: 'Mes produits, dernière facture',
  price_list: 'Mes produits, tarif fournisseur',
  manual: 'Mes produits, prix saisi',
} as const;

const linkClass = 'rounded px-1 text-xs font-medium text-brand-700 underline underline-offset-2';

/**
 * A line's price under its name (docs/product/costs.md): what it is costed at, or « Prix
 * manquant » with the way to give one here (a Ciqual food: for every recipe of the organisation)
 * or in « Mes produits ». Nothing is hidden: a line without a price names itself.
 */
export function LinePrice({ line, cost }: { line: DraftLine; cost: LineCost }) {
  const [editing, setEditing] = useState(false);
  if (cost.kind === 'ciqual' && editing)
    return (
      <div className="mt-2">
        <IngredientPriceEditor
          code={line.code ?? ''}
          name={line.name}
          current={cost.price}
          onDone={() => setEditing(false)}
        />
      </div>
    );
  const missing = <span className="font-medium text-orange-800">Prix manquant</span>;
  return (
    <p className="mt-0.5 flex flex-wrap items-center gap-x-1 text-xs text-stone-600" data-testid="line-price">
      {cost.kind === 'ciqual' && (
        <>
          {cost.price ? (
            <span>
              {priceText(cost.price)}
              {cost.price.supplier ? ` · ${cost.price.supplier}` : ''}
            </span>
          ) : cost.free ? (
            <span>Gratuite (eau du robinet)</span>
          ) : (
            missing
          )}
          <button type="button" className={linkClass} onClick={() => setEditing(true)}>
            {cost.price ? 'Modifier le prix' : 'Donner un prix'}
          </button>
        </>
      )}
      {cost.kind === 'product' &&
        (cost.price ? (
          <span>{`${priceText(cost.price)} (${PRODUCT_PRICE_SOURCES[cost.source ?? 'manual']})`}</span>
        ) : (
          <>
            {missing}
            <Link to="/produits" className={linkClass}>
              Le donner dans Mes produits
            </Link>
          </>
        ))}
      {cost.kind === 'recipe' &&
        (cost.costPerServing !== null ? (
          <span>{`Coût : ${formatEuros(cost.costPerServing)} ${line.servings === 1 ? 'la fournée' : 'la portion'}`}</span>
        ) : (
          <span className="text-orange-800">Coût incomplet : un ingrédient de cette recette n’a pas de prix</span>
        ))}
    </p>
  );
}
