import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import { z } from '../../../shared/zod-fr.ts';
import { itemPriceRule, type MenuItem } from '../../../shared/api/menus.ts';
import { optionalNumberText } from '../../../shared/number-rules.ts';
import { decimalText } from '../../../shared/decimal.ts';
import { Button } from '../../components/ui/button.tsx';
import { DecimalField } from '../../components/ui/decimal-field.tsx';
import { formatEuros } from '../../lib/format.ts';
import { useFormErrorToastFollows } from '../../lib/form-error-toast.ts';
import { fetchItem, useUpdateItem } from './api.ts';
import { toastConflict } from '../../lib/versions.ts';
import { showSaveError } from './show-save-error.ts';

const priceFormSchema = z.object({ price: optionalNumberText(itemPriceRule) });
type PriceValues = z.input<typeof priceFormSchema>;
type PriceOutput = z.output<typeof priceFormSchema>;

/**
 * The price diners see for an item (docs/product/decisions.md 18, docs/product/api.md
 * « Kitchen »). A dish made from a recipe shows the recipe's price, typed once on the recipe;
 * « Prix propre au menu » sets another for this menu alone, and « Revenir au prix de la
 * recette » goes back. A drink (no recipe) has its own price, typed here in French (« 12,50 »).
 */
export function ItemPriceForm({ menuId, item }: { menuId: string; item: MenuItem }) {
  const update = useUpdateItem(menuId);
  const recipePrice = item.recipe?.price ?? null;
  const [ownOpen, setOwnOpen] = useState(false);
  const form = useForm<PriceValues, unknown, PriceOutput>({
    resolver: zodResolver(priceFormSchema),
    values: { price: decimalText(item.price, 2, 2) },
  });
  const toastKey = `item-price:${item.id}`;
  useFormErrorToastFollows(toastKey, Object.keys(form.formState.errors).length > 0);
  // The row's other fields go as shown, with the item's version: if they changed meanwhile, the
  // price is refused (409) rather than written over a rename; keeping it reads the saved item first.
  const send = (price: number | null, done: string, shown: MenuItem = item): void =>
    update.mutate(
      {
        id: item.id,
        input: {
          name: shown.name,
          description: shown.description,
          isAvailable: shown.isAvailable,
          price,
          version: shown.version,
        },
      },
      {
        onSuccess: () => {
          toast.success(done);
          setOwnOpen(false);
        },
        onError: (error) => {
          if (toastConflict(error, () => void fetchItem(menuId, item.id).then((saved) => send(price, done, saved))))
            return;
          showSaveError(error, form, ['price'], 'Erreur lors de l’enregistrement du prix', toastKey);
        },
      },
    );
  const submit = form.handleSubmit(({ price }) =>
    item.recipe
      ? send(price, price === null ? 'Prix de la recette repris' : 'Prix propre au menu enregistré')
      : send(price, price === null ? 'Prix retiré' : 'Prix enregistré'),
  );

  if (item.recipe && item.priceSource === 'recipe' && !ownOpen)
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="item-price">
        <span>
          {recipePrice === null ? (
            <span className="text-orange-800">Prix à renseigner sur la recette</span>
          ) : (
            <>
              <strong>{formatEuros(recipePrice)}</strong> <span className="text-stone-600">(prix de la recette)</span>
            </>
          )}
        </span>
        <Button size="sm" variant="ghost" className="underline underline-offset-2" onClick={() => setOwnOpen(true)}>
          Prix propre au menu
        </Button>
      </div>
    );
  const own = item.recipe !== null;
  return (
    <div className="space-y-1" data-testid="item-price">
      <form noValidate onSubmit={submit} className="flex items-start gap-2" aria-label={`Prix de ${item.name}`}>
        <DecimalField
          control={form.control}
          name="price"
          label={own ? 'Prix propre au menu (€)' : 'Prix (€)'}
          placeholder="Ex. : 12,50"
          maxDigits={2}
          minDigits={2}
          className={own ? 'w-44' : 'w-28'}
        />
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          className="mt-6"
          disabled={update.isPending || (!form.formState.isDirty && !ownOpen)}
          aria-label={`OK, prix de ${item.name}`}
        >
          OK
        </Button>
      </form>
      {own && (
        <Button
          size="sm"
          variant="ghost"
          className="h-auto max-w-full whitespace-normal px-0 text-left text-xs underline underline-offset-2"
          disabled={update.isPending}
          onClick={() => (item.priceSource === 'item' ? send(null, 'Prix de la recette repris') : setOwnOpen(false))}
        >
          {recipePrice === null
            ? 'Revenir au prix de la recette (à renseigner)'
            : `Revenir au prix de la recette (${formatEuros(recipePrice)})`}
        </Button>
      )}
    </div>
  );
}
