import { Card } from '../components/ui/card.tsx';
import { ApiKeysCard } from '../features/integrations/api-keys-card.tsx';
import { EmbedCard } from '../features/integrations/embed-card.tsx';
import { WebhooksCard } from '../features/integrations/webhooks-card.tsx';
import { useMe, usePublicConfig } from '../lib/queries.ts';
import { useCan } from '../lib/use-can.ts';

/** « Intégrations » (owners, docs/product/integrations.md): API keys, webhooks, the embed of the menu. */
export default function IntegrationsPage() {
  const { data: me } = useMe();
  const config = usePublicConfig();
  const allowed = useCan('integrations:manage');
  if (!me) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {/* Its own title (RGAA 8.6, docs/decisions/0040-rgaa-public-pages.md). */}
      <title>Intégrations – NutriCarte</title>
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Intégrations</h1>
        <p className="text-sm text-stone-600">
          Relier « {me.organisation.name} » à votre caisse, votre site ou vos autres outils.
        </p>
      </div>
      {allowed ? (
        <>
          <ApiKeysCard />
          <WebhooksCard />
          <EmbedCard origin={config.data?.publicOrigin ?? window.location.origin} />
        </>
      ) : (
        <Card role="alert" className="text-stone-700">
          Seul un propriétaire de l’organisation peut gérer les intégrations.
        </Card>
      )}
    </div>
  );
}
