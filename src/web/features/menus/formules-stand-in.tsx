import { Button } from '../../components/ui/button.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { useCan } from '../../lib/use-can.ts';

export const FORMULES_TITLE = 'Formules';
export const FORMULES_DESCRIPTION =
  'Un prix pour une combinaison de sections, affiché en tête du menu public et sur la carte imprimée.';

/**
 * ./formules-card.tsx as it first shows, before its formules have loaded: its button disabled
 * while the card's code loads after the page has painted; nothing for a role that only reads.
 */
export function FormulesCardStandIn() {
  const canWrite = useCan('content:write');
  if (!canWrite) return null;
  return (
    <TitledCard title={FORMULES_TITLE} description={FORMULES_DESCRIPTION}>
      <Button variant="secondary" disabled>
        Nouvelle formule
      </Button>
    </TitledCard>
  );
}
