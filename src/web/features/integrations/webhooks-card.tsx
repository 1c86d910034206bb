import { useState, type FormEvent } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '../../../shared/api/integrations.ts';
import { Button } from '../../components/ui/button.tsx';
import { Badge, Spinner } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useResendDelivery,
  useUpdateWebhook,
  useWebhooks,
} from './api.ts';
import { CheckboxGroup } from './checkbox-group.tsx';
import { ShownOnce } from './shown-once.tsx';
import { refusalOf } from './refusal.ts';
import { QueryList } from './query-list.tsx';

/** « Webhooks »: addresses told of changes, signed with their secret (shown once), with their delivery log. */
export function WebhooksCard() {
  const webhooks = useWebhooks();
  const [created, setCreated] = useState<WebhookEndpoint | null>(null);
  return (
    <TitledCard
      title="Webhooks"
      description="NutriCarte prévient une adresse de votre outil à chaque changement choisi. Chaque envoi est signé (en-tête NutriCarte-Signature) avec le secret du webhook ; un envoi refusé est retenté pendant plusieurs heures."
    >
      {created?.secret && (
        <ShownOnce
          message={`Webhook enregistré. Copiez son secret maintenant : il ne sera plus affiché.`}
          label="Secret de signature"
          value={created.secret}
        />
      )}
      <NewWebhookForm onCreated={setCreated} />
      <QueryList
        query={webhooks}
        label="Webhooks"
        loading="Chargement des webhooks..."
        failed="Erreur lors du chargement des webhooks"
        empty="Aucun webhook pour l’instant."
      >
        {(hook) => <WebhookRow key={hook.id} hook={hook} />}
      </QueryList>
    </TitledCard>
  );
}

function NewWebhookForm({ onCreated }: { onCreated: (hook: WebhookEndpoint) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['item.availability_changed']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    create.mutate(
      { url, events },
      {
        onSuccess: (hook) => {
          setUrl('');
          onCreated(hook);
        },
        onError: (error) => {
          const refusal = refusalOf(error, ['url', 'events']);
          setErrors(refusal.fields);
          setFormError(refusal.form);
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label="Nouveau webhook">
      <Field
        label="Adresse du webhook"
        type="url"
        inputMode="url"
        placeholder="https://mon-outil.fr/webhooks/nutricarte"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url || undefined}
      />
      <CheckboxGroup
        legend="Événements"
        options={WEBHOOK_EVENTS}
        labels={WEBHOOK_EVENT_LABELS}
        value={events}
        onChange={setEvents}
        error={errors.events || undefined}
      />
      <FormAlert message={formError} />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Enregistrement...' : 'Enregistrer le webhook'}
      </Button>
    </form>
  );
}

function WebhookRow({ hook }: { hook: WebhookEndpoint }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [showLog, setShowLog] = useState(false);
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm break-all">{hook.url}</span>
        {hook.active ? <Badge tone="green">Actif</Badge> : <Badge>En pause</Badge>}
        <span className="ml-auto flex flex-wrap gap-2">
          <Button size="sm" variant="ghost" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
            {showLog ? 'Masquer les envois' : 'Envois'}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={update.isPending}
            onClick={() =>
              update.mutate(
                { id: hook.id, active: !hook.active, version: hook.version },
                { onError: (error) => toast.error(error.message) },
              )
            }
          >
            {hook.active ? 'Mettre en pause' : 'Réactiver'}
          </Button>
          <ConfirmDialog
            title="Supprimer ce webhook ?"
            description="Les envois en attente ne partiront pas. Cette action est définitive."
            onConfirm={() => remove.mutate(hook.id, { onError: (error) => toast.error(error.message) })}
            trigger={
              <Button size="sm" variant="dangerGhost">
                Supprimer
              </Button>
            }
          />
        </span>
      </div>
      <p className="text-xs text-stone-600">{hook.events.join(', ')}</p>
      {showLog && <DeliveryLog endpointId={hook.id} />}
    </li>
  );
}

const STATUS: Record<WebhookDelivery['status'], { label: string; tone: 'green' | 'orange' | 'red' }> = {
  delivered: { label: 'Reçu', tone: 'green' },
  pending: { label: 'En attente', tone: 'orange' },
  failed: { label: 'Abandonné', tone: 'red' },
};

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useDeliveries(endpointId);
  const resend = useResendDelivery();
  if (deliveries.isPending) return <Spinner label="Chargement des envois..." />;
  if (deliveries.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        Erreur lors du chargement des envois
      </p>
    );
  if (deliveries.data.length === 0) return <p className="text-sm text-stone-600">Aucun envoi pour l’instant.</p>;
  return (
    <ul className="space-y-2" aria-label="Envois du webhook">
      {deliveries.data.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-2 rounded-lg bg-stone-50 px-3 py-2 text-xs">
          <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</Badge>
          <code>{d.type}</code>
          <span className="text-stone-600">{formatDateTime(d.createdAt)}</span>
          <span className="text-stone-600">
            {d.responseStatus !== null ? `réponse ${d.responseStatus}` : (d.lastError ?? '')}
            {d.attempts > 1 ? ` · ${d.attempts} essais` : ''}
          </span>
          <Button
            size="sm"
            variant="secondary"
            className="ml-auto"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(d.id, {
                onSuccess: () => toast.success('Événement renvoyé'),
                onError: (error) => toast.error(error.message),
              })
            }
          >
            Renvoyer
          </Button>
        </li>
      ))}
    </ul>
  );
}
