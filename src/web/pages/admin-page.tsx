import { RequireAuth } from '../components/require-auth.tsx';
import { Badge, Card, Spinner } from '../components/ui/card.tsx';
import { Tabs } from '../components/ui/tabs.tsx';
import { useAdminEnvironment } from '../features/admin/api.ts';
import { OutboxPanel } from '../features/admin/outbox-panel.tsx';
import { useDetectedEnvironment } from '../features/admin/use-detected-environment.ts';

const envLabel = (env: string) => (env === 'production' ? 'production' : 'développement');
const onOff = (on: boolean) => <Badge tone={on ? 'green' : 'neutral'}>{on ? 'activé' : 'désactivé'}</Badge>;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-100 py-2 last:border-0">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

function EnvironmentTab() {
  const { data, isPending, isError } = useAdminEnvironment();
  const detected = useDetectedEnvironment();
  if (isPending) return <Spinner label="Chargement..." />;
  if (isError) return <p className="text-red-700">Erreur lors du chargement des données</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <h2 className="mb-2 text-lg font-semibold">Environnement</h2>
        <dl>
          <Row label="Environnement">{envLabel(data.appEnv)}</Row>
          <Row label="Détecté dans le navigateur">
            {envLabel(detected.env)}{' '}
            <span className="text-xs text-stone-500">(vérifié à {detected.checkedAt.toLocaleTimeString('fr-FR')})</span>
          </Row>
          <Row label="Application">{data.appName}</Row>
          <Row label="URL du serveur">{data.backendUrl}</Row>
          <Row label="Base de données">{data.database}</Row>
          <Row label="Mode debug">{onOff(data.debug)}</Row>
        </dl>
      </Card>
      <Card>
        <h2 className="mb-2 text-lg font-semibold">Guide de configuration</h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-stone-700">
          <li>
            <code>APP_ENV</code> force l’environnement ; sinon il est déduit de <code>PUBLIC_ORIGIN</code>.
          </li>
          <li>
            <code>DATABASE_URL</code> utilise un serveur PostgreSQL ; sans elle, la base embarquée de{' '}
            <code>DATA_DIR</code>.
          </li>
          <li>
            <code>STRIPE_SECRET_KEY</code>, <code>STRIPE_WEBHOOK_SECRET</code> et les prix activent les paiements réels.
          </li>
          <li>
            <code>BREVO_API_KEY</code> envoie les événements au CRM ; <code>SMTP_URL</code> envoie les emails.
          </li>
          <li>
            <code>ADMIN_EMAILS</code> liste les administrateurs.
          </li>
        </ul>
      </Card>
      <div className="lg:col-span-2">
        <OutboxPanel />
      </div>
    </div>
  );
}

function SecurityTab() {
  const { data } = useAdminEnvironment();
  if (!data) return <Spinner label="Chargement..." />;
  return (
    <div className="space-y-4">
      <Card>
        <h2 className="mb-2 text-lg font-semibold">Audit de sécurité</h2>
        <dl>
          <Row label="Environnement">{envLabel(data.appEnv)}</Row>
          <Row label="Mode debug">{onOff(data.debug)}</Row>
          <Row label="Cookies de session">
            HttpOnly, SameSite=Lax{data.backendUrl.startsWith('https:') ? ', Secure' : ''}
          </Row>
          <Row label="Protection CSRF">vérification de l’origine</Row>
          <Row label="Administrateurs configurés">{data.adminCount}</Row>
        </dl>
      </Card>
      <Card>
        <h2 className="mb-2 text-lg font-semibold">Services et suivi</h2>
        <dl>
          <Row label="Paiements">{data.payments === 'stripe' ? 'Stripe' : 'Mode démonstration'}</Row>
          <Row label="CRM (Brevo)">{data.crm === 'brevo' ? 'Brevo' : 'Journal du serveur'}</Row>
          <Row label="Emails">{data.email === 'smtp' ? 'SMTP' : 'Journal du serveur'}</Row>
          <Row label="Pixel publicitaire">{onOff(data.metaPixel)}</Row>
          <Row label="Suivi des pages">première partie, sans script tiers</Row>
        </dl>
      </Card>
    </div>
  );
}

const tabClass =
  'rounded-md px-3 py-2 text-sm font-medium text-stone-600 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm';

function AdminPageContent() {
  return (
    <RequireAuth role="admin">
      <div className="space-y-6">
        <h1 className="text-2xl font-bold sm:text-3xl">Administration</h1>
        <Tabs
          label="Sections de l’administration"
          listClassName="inline-flex flex-wrap gap-1 rounded-lg bg-stone-100 p-1"
          tabClassName={tabClass}
          panelClassName="mt-4"
          items={[
            { value: 'environment', label: 'Environnement', content: <EnvironmentTab /> },
            { value: 'security', label: 'Sécurité', content: <SecurityTab /> },
            {
              value: 'settings',
              label: 'Paramètres',
              content: (
                <Card>
                  <h2 className="text-lg font-semibold">Paramètres</h2>
                  <p className="mt-2 text-sm text-stone-600">
                    Cette section sera disponible dans une prochaine version.
                  </p>
                </Card>
              ),
            },
          ]}
        />
      </div>
    </RequireAuth>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function AdminPage() {
  return (
    <>
      <title>Administration – NutriCarte</title>
      <AdminPageContent />
    </>
  );
}
