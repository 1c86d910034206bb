import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import type { z } from '../../../shared/zod-fr.ts';
import { itemUpdateSchema, type MenuItem } from '../../../shared/api/menus.ts';
import { FormButtons } from '../../components/ui/form-buttons.tsx';
import { Field, TextAreaField } from '../../components/ui/field.tsx';
import { fetchItem, useUpdateItem } from './api.ts';
import { ConflictNotice } from '../../components/conflict-notice.tsx';
import { useVersionedForm } from '../../lib/versions.ts';
import { formatEuros } from '../../lib/format.ts';

/** An item as its conflict notice shows it: what the row and its forms edit. */
const describeItem = (i: MenuItem) => ({
  Nom: i.name,
  Description: i.description,
  Prix: i.price === null ? '' : formatEuros(i.price),
  Disponible: i.isAvailable ? 'oui' : 'non',
  Épuisé: i.soldOut ? 'oui' : 'non',
  Traductions: Object.entries(i.translations)
    .map(([lang, t]) => `${lang} : ${t?.name ?? ''}`)
    .join(', '),
  Photo: i.photoUrl ? 'oui' : 'aucune',
});
import type { DishTranslations } from '../../../shared/diner/translations.ts';
import { TranslationFields } from '../../components/translation-fields.tsx';
import { ItemPhotoField } from './item-photo-field.tsx';
import { showSaveError } from './show-save-error.ts';
import { useFormErrorToastFollows } from '../../lib/form-error-toast.ts';

type ItemValues = z.input<typeof itemUpdateSchema>;

/** An item's inline edit form (name, description, photo, Disponible, translations), in place of its row. */
export function ItemEditForm({ menuId, item, onDone }: { menuId: string; item: MenuItem; onDone: () => void }) {
  const update = useUpdateItem(menuId);
  const { conflict, version, setVersion, formRef, keepMine } = useVersionedForm<MenuItem, ItemValues>(item.version);
  const [translations, setTranslations] = useState<DishTranslations>(item.translations);
  const form = useForm<ItemValues>({
    resolver: zodResolver(itemUpdateSchema),
    defaultValues: { name: item.name, description: item.description, isAvailable: item.isAvailable },
  });
  const submit = form.handleSubmit((input) => {
    conflict.clear();
    update.mutate(
      { id: item.id, input: { ...input, translations, version } },
      {
        onSuccess: () => {
          toast.success('Élément mis à jour');
          onDone();
        },
        onError: (error) => {
          if (conflict.caught(error, { base: item, mine: input, load: () => fetchItem(menuId, item.id) })) return;
          showSaveError(error, form, ['name', 'description'], 'Erreur lors de la mise à jour', `item:${item.id}`);
        },
      },
    );
  });
  const { errors } = form.formState;
  useFormErrorToastFollows(`item:${item.id}`, Object.keys(errors).length > 0);
  return (
    <li className="rounded-lg border border-brand-600 bg-white p-3" data-testid="menu-item">
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        className="space-y-3"
        aria-label={`Modifier l’élément ${item.name}`}
      >
        <Field label="Nom de l’élément" error={errors.name?.message} {...form.register('name')} />
        <TextAreaField
          label="Description"
          id={`item-description-${item.id}`}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <ItemPhotoField menuId={menuId} item={item} />
        <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-stone-800">
          <input type="checkbox" className="h-4 w-4 accent-brand-700" {...form.register('isAvailable')} />
          Disponible
        </label>
        <TranslationFields idPrefix={`item-translation-${item.id}`} value={translations} onChange={setTranslations} />
        <ConflictNotice
          conflict={conflict}
          describe={describeItem}
          busy={update.isPending}
          onReload={(saved) => {
            form.reset({ name: saved.name, description: saved.description, isAvailable: saved.isAvailable });
            setTranslations(saved.translations);
            setVersion(saved.version);
          }}
          onKeepMine={(_typed, saved) => keepMine(saved)}
        />
        <FormButtons submitLabel="Sauvegarder" pending={update.isPending} onCancel={onDone} size="sm" />
      </form>
    </li>
  );
}
