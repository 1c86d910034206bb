import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { DishTranslations } from '../../../shared/diner/translations.ts';
import { TranslationFields } from '../../components/translation-fields.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast.ts';
import type { z } from '../../../shared/zod-fr.ts';
import { sectionUpdateSchema, type MenuSection } from '../../../shared/api/menus.ts';
import { FormButtons } from '../../components/ui/form-buttons.tsx';
import { Field, TextAreaField } from '../../components/ui/field.tsx';
import { fetchSection, useUpdateSection } from './api.ts';
import { ConflictNotice } from '../../components/conflict-notice.tsx';
import { useVersionedForm } from '../../lib/versions.ts';
import { showSaveError } from './show-save-error.ts';
import { useFormErrorToastFollows } from '../../lib/form-error-toast.ts';

type SectionValues = z.input<typeof sectionUpdateSchema>;

/** A section's name and description, edited in place of its heading (src/web/features/menus/section-card.tsx). */
export function SectionEditForm({
  menuId,
  section,
  headingId,
  onDone,
}: {
  menuId: string;
  section: MenuSection;
  headingId: string;
  onDone: () => void;
}) {
  const update = useUpdateSection(menuId);
  const [translations, setTranslations] = useState<DishTranslations>(section.translations);
  const { conflict, version, setVersion, formRef, keepMine } = useVersionedForm<MenuSection, SectionValues>(
    section.version,
  );
  const form = useForm<SectionValues>({
    resolver: zodResolver(sectionUpdateSchema),
    defaultValues: { name: section.name, description: section.description },
  });
  const submit = form.handleSubmit((input) => {
    conflict.clear();
    update.mutate(
      { id: section.id, input: { ...input, translations, version } },
      {
        onSuccess: () => {
          toast.success('Section mise à jour');
          onDone();
        },
        onError: (error) => {
          if (conflict.caught(error, { base: section, mine: input, load: () => fetchSection(menuId, section.id) }))
            return;
          showSaveError(error, form, ['name', 'description'], 'Erreur lors de la mise à jour', `section:${section.id}`);
        },
      },
    );
  });
  const { errors } = form.formState;
  useFormErrorToastFollows(`section:${section.id}`, Object.keys(errors).length > 0);
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="space-y-3"
      aria-label={`Modifier la section ${section.name}`}
    >
      <h2 id={headingId} className="sr-only">
        {section.name}
      </h2>
      <Field label="Nom de la section" autoFocus error={errors.name?.message} {...form.register('name')} />
      <TextAreaField
        label="Description"
        id={`section-description-${section.id}`}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <TranslationFields
        idPrefix={`section-translation-${section.id}`}
        value={translations}
        onChange={setTranslations}
      />
      <ConflictNotice
        conflict={conflict}
        describe={(s: MenuSection) => ({ Nom: s.name, Description: s.description })}
        busy={update.isPending}
        onReload={(saved) => {
          form.reset({ name: saved.name, description: saved.description });
          setTranslations(saved.translations);
          setVersion(saved.version);
        }}
        onKeepMine={(_typed, saved) => keepMine(saved)}
      />
      <FormButtons submitLabel="Sauvegarder" pending={update.isPending} onCancel={onDone} size="sm" />
    </form>
  );
}
