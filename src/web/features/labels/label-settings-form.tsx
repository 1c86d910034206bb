import { useState, type FormEvent } from 'react';
import { labelMessages, type Label, type LabelSettingsInput } from '../../../shared/api/labels.ts';
import { parseDecimal, parseInteger, formatDecimal } from '../../../shared/decimal.ts';
import {
  DEFAULT_SHELF_LIFE_DAYS,
  DEFAULT_STORAGE,
  type LabelBarcode,
  type LabelNutrition,
  type NetUnit,
} from '../../../shared/labels/settings.ts';
import { Button } from '../../components/ui/button.tsx';
import { decimalInputProps } from '../../components/ui/decimal-input.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useSaveLabelSettings } from './api.ts';

const NUTRITION_OPTIONS: { value: LabelNutrition; label: string }[] = [
  { value: 'per_100g', label: 'Pour 100 g' },
  { value: 'per_100g_and_portion', label: 'Pour 100 g et par portion' },
  { value: 'none', label: 'Aucune (vente directe de produits faits sur place)' },
];
const BARCODE_OPTIONS: { value: LabelBarcode; label: string }[] = [
  { value: 'none', label: 'Aucun' },
  { value: 'qr', label: 'QR code (dénomination, lot, date)' },
  { value: 'gs1_128', label: 'GS1-128 (date limite et lot)' },
];

/** The ingredients whose percentage may be printed: the list and the compounds' own, by key. */
function quidChoices(label: Label) {
  const out: { key: string; name: string; depth: number }[] = [];
  const visit = (list: Label['ingredients'], depth: number) => {
    for (const i of list) {
      if (i.key === 'water' || i.key.includes('#')) continue;
      out.push({ key: i.key, name: i.name, depth });
      if (i.ingredients && depth < 1) visit(i.ingredients, depth + 1);
    }
  };
  visit(label.ingredients, 0);
  return out;
}

const text = (value: number | null) => (value === null ? '' : formatDecimal(value));

/**
 * A recipe's label settings (docs/product/labels.md). Numbers typed the French way
 * (« 0,25 » and « 0.25 » alike); saved with the version the form opened on, so a change made
 * meanwhile elsewhere is a conflict, not overwritten. A role that may not write sees it read-only.
 */
export function LabelSettingsForm({
  label,
  establishments,
  canWrite,
}: {
  label: Label;
  establishments: { id: string; name: string }[];
  canWrite: boolean;
}) {
  const s = label.settings;
  const save = useSaveLabelSettings(label.recipeId);
  const [denomination, setDenomination] = useState(s.denomination ?? '');
  const [shelfLife, setShelfLife] = useState(s.shelfLifeDays === null ? '' : String(s.shelfLifeDays));
  const [storage, setStorage] = useState(s.storage ?? '');
  const [net, setNet] = useState(text(s.netQuantity));
  const [netUnit, setNetUnit] = useState<NetUnit>(s.netQuantityUnit);
  const [nutrition, setNutrition] = useState<LabelNutrition>(s.nutrition);
  const [barcode, setBarcode] = useState<LabelBarcode>(s.barcode);
  const [establishmentId, setEstablishmentId] = useState(s.establishmentId ?? '');
  const [quid, setQuid] = useState<string[] | null>(s.quid);
  const [names, setNames] = useState<Record<string, string>>(s.ingredientNames);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shownQuid = quid ?? label.quid.map((q) => q.key);
  /** A field's error goes as soon as it is changed. */
  const edited =
    <T,>(field: string, set: (value: T) => void) =>
    (value: T) => {
      if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
      set(value);
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const days = parseInteger(shelfLife);
    if (days.kind !== 'empty' && (days.kind !== 'number' || days.value < 0 || days.value > 365))
      problems.shelfLifeDays = labelMessages.shelfLife;
    const quantity = parseDecimal(net);
    if (quantity.kind !== 'empty' && (quantity.kind !== 'number' || quantity.value <= 0 || quantity.value > 100_000))
      problems.netQuantity = labelMessages.netQuantity;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const body: LabelSettingsInput = {
      denomination: denomination.trim() || null,
      shelfLifeDays: days.kind === 'number' ? days.value : null,
      storage: storage.trim() || null,
      netQuantity: quantity.kind === 'number' ? quantity.value : null,
      netQuantityUnit: netUnit,
      nutrition,
      quid,
      ingredientNames: Object.fromEntries(Object.entries(names).filter(([, v]) => v.trim() !== '')),
      barcode,
      establishmentId: establishmentId || null,
      version: s.version,
    };
    save.mutate(body, {
      onSuccess: () => toast.success('Étiquette enregistrée'),
      onError: (error) => {
        if (error instanceof ApiError)
          setErrors({ ...error.fields, ...(error.status === 409 ? { _: error.message } : {}) });
        toast.error(error instanceof ApiError ? error.message : 'Erreur lors de l’enregistrement');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="label-settings">
      {!canWrite && (
        <p className="rounded-lg bg-stone-100 p-3 text-sm text-stone-700">
          Votre rôle permet d’imprimer les étiquettes, pas de modifier leurs réglages.
        </p>
      )}
      {errors._ && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {errors._}
        </p>
      )}
      <fieldset disabled={!canWrite || save.isPending} className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Dénomination sur l’étiquette"
            placeholder={label.recipeName}
            value={denomination}
            onChange={(e) => setDenomination(e.target.value)}
            error={errors.denomination}
            maxLength={200}
          />
          <Field
            label="Durée de conservation (jours après la fabrication)"
            hint={`Vide : ${DEFAULT_SHELF_LIFE_DAYS} jours (plats préparés à l’avance).`}
            placeholder={String(DEFAULT_SHELF_LIFE_DAYS)}
            error={errors.shelfLifeDays}
            {...decimalInputProps({
              value: shelfLife,
              onValueChange: edited('shelfLifeDays', setShelfLife),
              integer: true,
            })}
          />
          <Field
            label="Conditions de conservation"
            placeholder={DEFAULT_STORAGE}
            value={storage}
            onChange={(e) => setStorage(e.target.value)}
            error={errors.storage}
            maxLength={200}
          />
          <div className="grid grid-cols-[1fr_6rem] gap-2">
            <Field
              label="Quantité nette"
              hint={`Vide : le poids d’une portion (${formatDecimal(label.nutrition.portionGrams)} g).`}
              error={errors.netQuantity}
              {...decimalInputProps({ value: net, onValueChange: edited('netQuantity', setNet), maxDigits: 1 })}
            />
            <SelectField
              label="Unité"
              value={netUnit}
              onChange={(e) => setNetUnit(e.target.value as NetUnit)}
              options={[
                { value: 'g', label: 'g' },
                { value: 'ml', label: 'ml' },
              ]}
            />
          </div>
          <SelectField
            label="Déclaration nutritionnelle"
            value={nutrition}
            onChange={(e) => setNutrition(e.target.value as LabelNutrition)}
            options={NUTRITION_OPTIONS}
          />
          <SelectField
            label="Code-barres"
            value={barcode}
            onChange={(e) => setBarcode(e.target.value as LabelBarcode)}
            options={BARCODE_OPTIONS}
          />
          <SelectField
            label="Établissement (nom et adresse imprimés)"
            value={establishmentId}
            onChange={(e) => setEstablishmentId(e.target.value)}
            error={errors.establishmentId}
            options={[
              { value: '', label: 'Le premier établissement' },
              ...establishments.map((e) => ({ value: e.id, label: e.name })),
            ]}
          />
        </div>
        <fieldset className="space-y-2 rounded-lg border border-stone-200 p-3">
          <legend className="px-1 text-sm font-medium">Pourcentage imprimé (QUID)</legend>
          <p className="text-xs text-stone-600">
            Cochés d’office : les ingrédients nommés dans la dénomination (article 22 du règlement 1169/2011).
          </p>
          {quidChoices(label).map((choice, index) => (
            <label
              key={choice.key}
              className="flex items-center gap-2 text-sm"
              style={{ paddingLeft: `${choice.depth * 1.25}rem` }}
            >
              <input
                type="checkbox"
                checked={shownQuid.includes(choice.key)}
                onChange={(e) =>
                  setQuid(e.target.checked ? [...shownQuid, choice.key] : shownQuid.filter((k) => k !== choice.key))
                }
              />
              {choice.name}
              {errors[`quid.${index}`] && <span className="text-red-600">{errors[`quid.${index}`]}</span>}
            </label>
          ))}
        </fieldset>
        <fieldset className="space-y-2 rounded-lg border border-stone-200 p-3">
          <legend className="px-1 text-sm font-medium">Noms des ingrédients sur l’étiquette</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {label.ingredients
              .filter((i) => i.key !== 'water')
              .map((i) => (
                <Field
                  key={i.key}
                  label={i.defaultName}
                  value={names[i.key] ?? ''}
                  placeholder={i.defaultName}
                  onChange={(e) => setNames({ ...names, [i.key]: e.target.value })}
                  error={errors[`ingredientNames.${i.key}`]}
                  maxLength={200}
                />
              ))}
          </div>
        </fieldset>
        {canWrite && <Button type="submit">{save.isPending ? 'Enregistrement...' : 'Enregistrer l’étiquette'}</Button>}
      </fieldset>
    </form>
  );
}
