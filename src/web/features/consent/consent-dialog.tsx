import { Dialog, Switch } from 'radix-ui';
import { useState } from 'react';
import { Quoted } from '../../components/quoted.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { ConsentChoices } from './consent-store.ts';
import { useConsent } from './use-consent.ts';

const purposes: { key: keyof ConsentChoices; title: string; text: string }[] = [
  {
    key: 'analytics',
    title: 'Mesure d’audience',
    text:
      'Lorsque vous êtes connecté, nous enregistrons les pages de NutriCarte que vous consultez, pour comprendre l’usage du ' +
      'service et l’améliorer. Ces données restent chez NutriCarte et son outil de relation client (Brevo).',
  },
  {
    key: 'ads',
    title: 'Publicité',
    text:
      'Après la souscription d’un abonnement Premium, le pixel Meta signale cet achat à Meta (Facebook, Instagram) pour mesurer ' +
      'l’efficacité de nos publicités. Meta peut relier cette information à votre compte Meta.',
  },
];

function Purpose({
  id,
  title,
  text,
  checked,
  onChange,
}: {
  id: string;
  title: string;
  text: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <li className="py-4">
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={id} className="font-medium text-stone-900">
          {title}
        </label>
        <Switch.Root
          id={id}
          checked={checked}
          onCheckedChange={onChange}
          aria-describedby={`${id}-text`}
          className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-stone-500 transition-colors data-[state=checked]:bg-brand-700"
        >
          <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
        </Switch.Root>
      </div>
      <p id={`${id}-text`} className="mt-1 text-sm leading-relaxed text-stone-600">
        {text}
      </p>
    </li>
  );
}

/** « Personnaliser » and « Gestion des cookies »: one switch per purpose, off unless already accepted. */
export default function ConsentDialog() {
  const consent = useConsent();
  const [choices, setChoices] = useState<ConsentChoices>({ analytics: consent.analytics, ads: consent.ads });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && consent.closePreferences()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl">
          <div className="flex items-start justify-between gap-3 border-b border-stone-200 p-4 sm:p-5">
            <div>
              <Dialog.Title className="text-lg font-semibold">Gestion des cookies</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-stone-600">
                Choisissez ce que vous acceptez. Votre choix est conservé 6 mois et reste modifiable à tout moment avec
                le lien <Quoted>Gestion des cookies</Quoted> en bas de page.
              </Dialog.Description>
            </div>
            <Dialog.Close
              className="-mr-1 -mt-1 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-xl text-stone-600 hover:bg-stone-100"
              aria-label="Fermer"
            >
              ×
            </Dialog.Close>
          </div>
          <ul className="divide-y divide-stone-200 overflow-y-auto px-4 sm:px-5">
            <li className="py-4">
              <div className="flex items-baseline justify-between gap-4">
                <p className="font-medium text-stone-900">Nécessaires au fonctionnement</p>
                <p className="shrink-0 text-sm font-medium text-brand-800">Toujours actifs</p>
              </div>
              <p className="mt-1 text-sm leading-relaxed text-stone-600">
                La session de connexion, la sécurité du site et la mémorisation de ces choix. Ils ne demandent pas votre
                accord.
              </p>
            </li>
            {purposes.map((purpose) => (
              <Purpose
                key={purpose.key}
                id={`consent-${purpose.key}`}
                title={purpose.title}
                text={purpose.text}
                checked={choices[purpose.key]}
                onChange={(checked) => setChoices((current) => ({ ...current, [purpose.key]: checked }))}
              />
            ))}
          </ul>
          <div className="grid grid-cols-2 gap-2 border-t border-stone-200 p-4 sm:flex sm:justify-end sm:p-5">
            <Button variant="secondary" onClick={consent.refuseAll}>
              Tout refuser
            </Button>
            <Button variant="secondary" onClick={consent.acceptAll}>
              Tout accepter
            </Button>
            <Button onClick={() => consent.decide(choices)} className="col-span-2">
              Enregistrer mes choix
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
