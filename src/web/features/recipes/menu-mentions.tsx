import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  BOVINE,
  MEAT_KINDS,
  meatOriginText,
  originKnown,
  type MeatKind,
  type MeatOrigin,
} from '../../../shared/meat-origin.ts';
import { declarationFromProducts, derivedMeatOrigins, DERIVED_MEAT_NAMES } from '../../../shared/diner-meat-origins.ts';
import type { ProductOrigin } from '../../../shared/product-origins.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';

const MEAT_OPTIONS = MEAT_KINDS.map((meat) => ({ value: meat, label: meat }));

/** One meat of the dish with the countries the decree asks for (born: beef and veal only). */
function OriginRow({
  index,
  origin,
  onChange,
  onRemove,
}: {
  index: number;
  origin: MeatOrigin;
  onChange: (o: MeatOrigin) => void;
  onRemove: () => void;
}) {
  const country = (key: 'born' | 'reared' | 'slaughtered', label: string) => (
    <Field
      label={label}
      hint="Par exemple France"
      value={origin[key] ?? ''}
      onChange={(e) => onChange({ ...origin, [key]: e.target.value || null })}
    />
  );
  const text = meatOriginText(origin);
  return (
    <li className="space-y-2 rounded-lg border border-stone-200 p-3" data-testid="meat-origin">
      <div className="grid gap-2 sm:grid-cols-4">
        <SelectField
          label={`Viande ${index + 1}`}
          options={MEAT_OPTIONS}
          value={origin.meat}
          onChange={(e) => onChange({ ...origin, meat: e.target.value as MeatKind })}
        />
        {BOVINE.includes(origin.meat) && country('born', 'Pays de naissance')}
        {country('reared', 'Pays d’élevage')}
        {country('slaughtered', 'Pays d’abattage')}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        {text ? (
          <span className="text-stone-700">
            Sur la carte : {origin.meat} · {text}
          </span>
        ) : (
          <span className="font-medium text-orange-700">Origine à compléter</span>
        )}
        <Button size="sm" variant="secondary" onClick={onRemove}>
          Retirer
        </Button>
      </div>
    </li>
  );
}

/**
 * What the menu says of the dish beyond its allergens (docs/product/decisions.md 20):
 * « Fait maison » with the legal condition explained to the owner, and the origin of its
 * meats in the words of décret 2002-1465 (2025).
 */
export function MenuMentions({
  homemade,
  origins,
  productOrigins,
  onOriginsChange,
}: {
  homemade: UseFormRegisterReturn;
  origins: MeatOrigin[];
  /** The meats the saved recipe's products bring (its stored facts). */
  productOrigins: readonly ProductOrigin[];
  onOriginsChange: (origins: MeatOrigin[]) => void;
}) {
  const free = MEAT_KINDS.find((meat) => !origins.some((o) => o.meat === meat));
  const fromProducts = derivedMeatOrigins(productOrigins, origins);
  return (
    <fieldset className="space-y-3 rounded-lg border border-stone-200 p-3">
      <legend className="px-1 text-sm font-medium">Mentions sur la carte</legend>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="accent-brand-700" {...homemade} />
        Fait maison
      </label>
      <p className="-mt-2 text-xs text-stone-600">
        La loi réserve « fait maison » aux plats élaborés sur place à partir de produits bruts (code de la consommation,
        art. L. 122-20 ; décret 2014-797). Quelques produits transformés restent permis (pain, fromages, pâtes…) ; un
        fond ou une demi-glace du commerce doit être signalé par écrit au client.
      </p>
      <div className="space-y-2">
        <p className="text-sm font-medium">Origine des viandes</p>
        <p className="text-xs text-stone-600">
          Bœuf, veau, porc, agneau et volaille achetés crus : la loi impose d’afficher leur origine (décret 2002-1465,
          modifié en 2025).
        </p>
        {origins.length > 0 && (
          <ul className="space-y-2">
            {origins.map((origin, index) => (
              <OriginRow
                key={index}
                index={index}
                origin={origin}
                onChange={(next) => onOriginsChange(origins.map((o, i) => (i === index ? next : o)))}
                onRemove={() => onOriginsChange(origins.filter((_, i) => i !== index))}
              />
            ))}
          </ul>
        )}
        {fromProducts.length > 0 && (
          <p className="text-sm text-stone-700" data-testid="origins-from-products">
            D’après vos produits, sur la carte :{' '}
            {fromProducts
              .map(({ kind, origin }) => `${DERIVED_MEAT_NAMES[kind]} · ${meatOriginText(origin)}`)
              .join(' ; ')}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {free && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onOriginsChange([...origins, { meat: free, born: null, reared: null, slaughtered: null }])}
            >
              Ajouter une viande
            </Button>
          )}
          {productOrigins.length > 0 && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onOriginsChange(declarationFromProducts(productOrigins, origins))}
            >
              Reprendre l’origine de mes produits
            </Button>
          )}
        </div>
        {origins.some((o) => !originKnown(o)) && (
          <p className="text-xs text-orange-700">Une origine incomplète n’est pas affichée aux clients.</p>
        )}
      </div>
    </fieldset>
  );
}
