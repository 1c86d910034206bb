import { LANGUAGE_FRENCH_NAMES, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../../shared/diner/languages.ts';
import type { DishTranslation, DishTranslations } from '../../shared/diner/translations.ts';
import { Field, TextAreaField } from './ui/field.tsx';

/**
 * The name and description of a dish, a section, a menu (or a formule's name alone) for foreign
 * diners (docs/product/diner-languages.md): English, Spanish, German, Italian, all optional. The
 * public menu shows the French text, marked as French, where a translation is missing; nothing is
 * ever machine-translated.
 */
export function TranslationFields({
  idPrefix,
  value,
  onChange,
  errors = {},
  withDescription = true,
}: {
  idPrefix: string;
  value: DishTranslations;
  onChange: (next: DishTranslations) => void;
  errors?: Record<string, string>;
  /** False for what has a name only (a formule). */
  withDescription?: boolean;
}) {
  const set = (lang: TranslatedLanguage, field: keyof DishTranslation, text: string) =>
    onChange({ ...value, [lang]: { ...value[lang], [field]: text } });
  const filled = TRANSLATED_LANGUAGES.filter((lang) => value[lang]?.name || value[lang]?.description);
  return (
    <details className="rounded-lg border border-stone-200 p-3" open={filled.length > 0} data-testid="translations">
      <summary className="cursor-pointer text-sm font-medium">
        Traductions pour le menu public
        {filled.length > 0
          ? ` (${filled.map((lang) => LANGUAGE_FRENCH_NAMES[lang].toLowerCase()).join(', ')})`
          : ' (optionnel)'}
      </summary>
      <p className="mt-2 text-xs text-stone-600">
        Vos clients étrangers lisent ces textes quand ils choisissent leur langue ; sans traduction, ils voient le texte
        français.
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {TRANSLATED_LANGUAGES.map((lang) => (
          // The typed text is in `lang`, its labels in French (RGAA 8.7): the language is on each field.
          <fieldset key={lang} className="space-y-2">
            <legend className="text-sm font-medium text-stone-800">{LANGUAGE_FRENCH_NAMES[lang]}</legend>
            <Field
              label={`Nom (${LANGUAGE_FRENCH_NAMES[lang].toLowerCase()})`}
              id={`${idPrefix}-${lang}-name`}
              lang={lang}
              maxLength={200}
              value={value[lang]?.name ?? ''}
              error={errors[`translations.${lang}.name`]}
              onChange={(event) => set(lang, 'name', event.target.value)}
            />
            {withDescription && (
              <TextAreaField
                label={`Description (${LANGUAGE_FRENCH_NAMES[lang].toLowerCase()})`}
                id={`${idPrefix}-${lang}-description`}
                lang={lang}
                maxLength={2000}
                value={value[lang]?.description ?? ''}
                error={errors[`translations.${lang}.description`]}
                onChange={(event) => set(lang, 'description', event.target.value)}
              />
            )}
          </fieldset>
        ))}
      </div>
    </details>
  );
}
