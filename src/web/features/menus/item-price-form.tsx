import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import { z } from '../../../shared/zod-fr.ts';
import { itemPriceRule, type MenuItem } from '../../../shared/api/menus.ts';
import { optionalNumberText } from '../../../shared/number-rules.ts';
import { decimalText } from '../../../shared/decimal.ts';
import { Button } from '../../components/ui/button.tsx';
import { DecimalField } from '../../components/ui/decimal-field.tsx';
import { useFormErrorToastFollows } from '../../lib/form-error-toast.ts';
import { fetchItem, useUpdateItem } from './api.ts';
import { toastConflict } from '../../lib/versions.ts';
import { showSaveError } from './show-save-error.ts';

const priceFormSchema = z.object({ price: optionalNumberText(itemPriceRule) });
type PriceValues = z.input<typeof priceFormSchema>;
type PriceOutput = z.output<typeof priceFormSchema>;

/**
 * The item's price, edited in place in the menu editor (docs/product/decisions.md 18): typed
 * in French (« 12,50 », « 12.5 » alike), saved on « OK »; left empty, the item has no price
 * yet and diners see none.
 */
export function ItemPriceForm({ menuId, item }: { menuId: string; item: MenuItem }) {
  const update = useUpdateItem(menuId);
  const form = useForm<PriceValues, unknown, PriceOutput>({
    resolver: zodResolver(priceFormSchema),
    values: { price: decimalText(item.price, 2, 2) },
  });
  const toastKey = `item-price:${item.id}`;
  // The row's other fields go as shown, with the item's version: if they changed meanwhile, the
  // price is refused (409) rather than written over a rename; keeping it reads the saved item first.
  const send = (price: number | null, shown: MenuItem) =>
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
        onSuccess: () => toast.success(price === null ? 'Prix retiré' : 'Prix enregistré'),
        onError: (error) => {
          if (toastConflict(error, () => void fetchItem(menuId, item.id).then((saved) => send(price, saved)))) return;
          showSaveError(error, form, ['price'], 'Erreur lors de l’enregistrement du prix', toastKey);
        },
      },
    );
  const submit = form.handleSubmit(({ price }) => send(price, item));
  useFormErrorToastFollows(toastKey, Object.keys(form.formState.errors).length > 0);
  return (
    <form noValidate onSubmit={submit} className="flex items-start gap-2" aria-label={`Prix de ${item.name}`}>
      <DecimalField
        control={form.control}
        name="price"
        label="Prix (€)"
        placeholder="Ex. : 12,50"
        maxDigits={2}
        minDigits={2}
        className="w-28"
      />
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        className="mt-6"
        disabled={update.isPending || !form.formState.isDirty}
      >
        OK
      </Button>
    </form>
  );
}
