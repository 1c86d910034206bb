import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { organisationWatch, type ShownOrganisation } from '../../lib/organisation-watch.ts';
import { useEnterOrganisation } from '../../lib/use-enter-organisation.ts';
import { accessLostTitle } from './texts.ts';

/**
 * Shown in place of any signed-in page once a membership has ended
 * (docs/product/organisations.md « Losing access »): nothing of the old organisation stays on
 * screen, and one button goes on in the organisation the server now serves.
 */
export function AccessLost({ lost, next }: { lost: ShownOrganisation; next: ShownOrganisation }) {
  const enter = useEnterOrganisation();
  const [leaving, setLeaving] = useState(false);
  const goOn = async () => {
    setLeaving(true);
    organisationWatch.adopt(next);
    await enter();
  };
  return (
    <Card className="mx-auto max-w-lg space-y-4 py-10 text-center" role="alert" data-testid="access-lost">
      <h1 className="text-2xl font-bold text-stone-900">{accessLostTitle(lost.name)}</h1>
      <p className="text-stone-700">
        Un propriétaire vous a retiré de l’équipe, ou vous l’avez quittée depuis un autre appareil. Ses recettes, menus
        et codes QR ne vous sont plus accessibles.
      </p>
      <p className="text-stone-700">Vos propres données n’ont pas changé.</p>
      {/* The button's own nowrap is overridden on its text (cn does not merge classes): a long name wraps on a phone. */}
      <Button size="lg" className="h-auto min-h-12 max-w-full py-2" onClick={() => void goOn()} disabled={leaving}>
        <span className="whitespace-normal">Continuer dans « {next.name} »</span>
      </Button>
    </Card>
  );
}
