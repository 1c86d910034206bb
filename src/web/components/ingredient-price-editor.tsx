import { useId, useState, type KeyboardEvent } from 'react';
import { PRICE_UNITS, PRICE_UNIT_LABELS, type PriceUnit } from '../../shared/api/product-vocabulary.ts';
import { productMessages, productNumbers } from '../../shared/api/products.ts';
import { decimalText } from '../../shared/decimal.ts';
import type { IngredientPrice } from '../../shared/ingredient-prices.ts';
import { readNumberText } from '../../shared/number-rules.ts';
import { ApiError } from '../lib/api.ts';
import { useSaveIngredientPrice } from '../lib/ingredient-prices.ts';
import { toast } from '../lib/toast.ts';
import { Button } from './ui/button.tsx';
import { DecimalInput } from './ui/decimal-input.tsx';

/**
 * « Prix au kg / au litre / à l’unité » of a Ciqual food for the whole organisation
 * (src/shared/ingredient-prices.ts), typed where the cook meets it: a recipe's line or the price
 * list. Not a <form>: it sits inside the recipe's own; Enter saves it, the recipe is not sent.
 */
export function IngredientPriceEditor({
  code,
  name,
  current,
  onDone,
}: {
  code: string;
  name: string;
  current: IngredientPrice | null;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveIngredientPrice();
  const [amount, setAmount] = useState(decimalText(current?.amount, 2, 2));
  const [per, setPer] = useState<PriceUnit>(current?.per ?? 'kg');
  const [supplier, setSupplier] = useState(current?.supplier ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const reading = readNumberText(productNumbers.price, amount, true);
    if (reading.error !== null || reading.value === null) {
      setErrors({ amount: reading.error ?? productMessages.priceTooHigh });
      return;
    }
    save.mutate(
      {
        code,
        input: {
          amount: reading.value,
          per,
          supplier: supplier.trim() || null,
          ...(current ? { version: current.version } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.success(`Prix de ${name} enregistré pour toutes vos recettes`);
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'validation') setErrors(error.fields);
          else toast.error(error instanceof ApiError ? error.message : 'Erreur lors de l’enregistrement du prix');
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };
  return (
    <div
      role="group"
      aria-label={`Prix de ${name}`}
      className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-3"
      data-testid="ingredient-price-editor"
    >
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-amount`} className="block text-xs font-medium text-stone-800">
            Prix HT (€)
          </label>
          <DecimalInput
            id={`${id}-amount`}
            className="w-24"
            value={amount}
            maxDigits={2}
            minDigits={2}
            placeholder="Ex. : 2,40"
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
            onValueChange={(text) => {
              setAmount(text);
              setErrors({});
            }}
            onKeyDown={onKeyDown}
            autoFocus
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-per`} className="block text-xs font-medium text-stone-800">
            Pour
          </label>
          <select
            id={`${id}-per`}
            className="h-9 rounded-lg border border-stone-300 bg-white px-2 text-sm"
            value={per}
            onChange={(event) => setPer(event.target.value as PriceUnit)}
          >
            {PRICE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {PRICE_UNIT_LABELS[unit]}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-40 flex-1 space-y-1">
          <label htmlFor={`${id}-supplier`} className="block text-xs font-medium text-stone-800">
            Fournisseur (facultatif)
          </label>
          <input
            id={`${id}-supplier`}
            className="h-9 w-full rounded-lg border border-stone-300 bg-white px-2 text-sm"
            maxLength={200}
            value={supplier}
            onChange={(event) => setSupplier(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
      </div>
      {errors.amount && (
        <p id={`${id}-amount-error`} className="text-xs text-red-600" role="alert">
          {errors.amount}
        </p>
      )}
      {errors.supplier && (
        <p className="text-xs text-red-600" role="alert">
          {errors.supplier}
        </p>
      )}
      <p className="text-xs text-stone-600">Ce prix vaut pour toutes les recettes qui utilisent cet ingrédient.</p>
      <div className="flex gap-2">
        <Button size="sm" onClick={submit} disabled={save.isPending}>
          Enregistrer le prix
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Annuler
        </Button>
      </div>
    </div>
  );
}
