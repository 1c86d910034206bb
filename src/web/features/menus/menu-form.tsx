import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { DishTranslations } from '../../../shared/diner/translations.ts';
import { TranslationFields } from '../../components/translation-fields.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import type { z } from '../../../shared/zod-fr.ts';
import { menuUpdateSchema, type Menu } from '../../../shared/api/menus.ts';
import { PLAN_LIMIT_TOASTS } from '../../../shared/plan-texts.ts';
import { FormButtons } from '../../components/ui/form-buttons.tsx';
import { Field, TextAreaField } from '../../components/ui/field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { showValidationToast, useFormErrorToastFollows } from '../../lib/form-error-toast.ts';
import { fetchMenu, useSaveMenu } from './api.ts';
import { ConflictNotice } from '../../components/conflict-notice.tsx';
import { useVersionedForm } from '../../lib/versions.ts';

type FormValues = z.input<typeof menuUpdateSchema>;
const MENU_FORM = 'menu';

/**
 * « Nouveau menu » / « Modifier le menu » (docs/product/spec.md « Mes Menus »): name,
 * description, actif, and the establishment when the organisation has more than one (the page
 * hands over the list: features do not import each other).
 */
export function MenuForm({
  menu,
  establishments,
  onDone,
  onReload,
}: {
  menu: Menu | null;
  establishments: readonly { id: string; name: string }[];
  onDone: () => void;
  /** Opens the form again on the saved version (« Recharger » after a conflict). */
  onReload?: (saved: Menu) => void;
}) {
  const save = useSaveMenu();
  const [translations, setTranslations] = useState<DishTranslations>(menu?.translations ?? {});
  const { conflict, version, formRef, keepMine } = useVersionedForm<Menu, FormValues>(menu?.version);
  const siteName = (id: string) => establishments.find((e) => e.id === id)?.name ?? '';
  const describe = (m: Menu) => ({
    Nom: m.name,
    Description: m.description,
    Actif: m.isActive ? 'oui' : 'non',
    ...(establishments.length > 1 ? { Établissement: siteName(m.establishmentId) } : {}),
  });
  const form = useForm<FormValues>({
    resolver: zodResolver(menuUpdateSchema),
    defaultValues: {
      name: menu?.name ?? '',
      description: menu?.description ?? '',
      isActive: menu?.isActive ?? true,
      establishmentId: menu?.establishmentId ?? establishments[0]?.id,
    },
  });

  const submit = form.handleSubmit((input) => {
    conflict.clear();
    save.mutate(
      { id: menu?.id, input: { ...input, translations, version } },
      {
        onSuccess: () => {
          toast.success(menu ? 'Menu mis à jour avec succès' : 'Menu créé avec succès');
          onDone();
        },
        onError: (error) => {
          if (menu && conflict.caught(error, { base: menu, mine: input, load: () => fetchMenu(menu.id) })) return;
          if (error instanceof ApiError && error.code === 'plan_limit') {
            // A new menu past the limit, or a saved one kept read-only after a downgrade (the server says which).
            if (menu) toast.error('Menu en lecture seule', { description: error.message });
            else toast.error('Limite atteinte', { description: PLAN_LIMIT_TOASTS.menus });
          } else if (error instanceof ApiError && error.code === 'validation') {
            for (const [field, message] of Object.entries(error.fields)) {
              if (field in menuUpdateSchema.shape) form.setError(field as keyof FormValues, { message });
            }
            showValidationToast(MENU_FORM, error.message);
          } else toast.error('Erreur lors de la sauvegarde');
        },
      },
    );
  });

  const { errors } = form.formState;
  useFormErrorToastFollows(MENU_FORM, Object.keys(errors).length > 0);
  const descriptionId = menu ? `menu-description-${menu.id}` : 'menu-description';
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="space-y-4"
      aria-label={menu ? 'Modifier le menu' : 'Nouveau menu'}
    >
      <Field
        label="Nom du menu"
        placeholder="Ex. : Menu du midi"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextAreaField
        label="Description"
        id={descriptionId}
        placeholder="Ex. : Entrée, plat et dessert servis du lundi au vendredi"
        error={errors.description?.message}
        {...form.register('description')}
      />
      {establishments.length > 1 && (
        <SelectField
          label="Établissement"
          options={establishments.map((establishment) => ({ value: establishment.id, label: establishment.name }))}
          error={errors.establishmentId?.message}
          {...form.register('establishmentId')}
        />
      )}
      <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-stone-800">
        <input type="checkbox" className="h-4 w-4 accent-brand-700" {...form.register('isActive')} />
        Menu actif
      </label>
      <TranslationFields
        idPrefix={`menu-translation-${menu?.id ?? 'new'}`}
        value={translations}
        onChange={setTranslations}
      />
      <ConflictNotice
        conflict={conflict}
        describe={describe}
        busy={save.isPending}
        onReload={(saved) => onReload?.(saved)}
        onKeepMine={(_typed, saved) => keepMine(saved)}
      />
      <FormButtons submitLabel={menu ? 'Mettre à jour' : 'Créer'} pending={save.isPending} onCancel={onDone} />
    </form>
  );
}
