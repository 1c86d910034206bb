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
import { useUpdateItem } from './api.ts';
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
  const submit = form.handleSubmit(({ price }) =>
    update.mutate(
      { id: item.id, input: { name: item.name, description: item.description, isAvailable: item.isAvailable, price } },
      {
        onSuccess: () => toast.success(price === null ? 'Prix retiré' : 'Prix enregistré'),
        onError: (error) => showSaveError(error, form, ['price'], 'Erreur lors de l’enregistrement du prix', toastKey),
      },
    ),
  );
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
