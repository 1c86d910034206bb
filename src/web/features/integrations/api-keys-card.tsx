import { useState, type FormEvent } from 'react';
import {
  API_SCOPE_LABELS,
  API_SCOPES,
  type ApiKeyCreated,
  type ApiKeySummary,
  type ApiScope,
} from '../../../shared/api/integrations.ts';
import { Button } from '../../components/ui/button.tsx';
import { Badge, Spinner } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TitledCard } from '../../components/ui/titled-card.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { useApiCalls, useApiKeys, useCreateApiKey, useRevokeApiKey } from './api.ts';
import { CheckboxGroup } from './checkbox-group.tsx';
import { ShownOnce } from './shown-once.tsx';
import { refusalOf } from './refusal.ts';
import { QueryList } from './query-list.tsx';

/** « Clés d’API »: create a key (shown once), see each key's last use and calls, revoke it. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  return (
    <TitledCard
      title="Clés d’API"
      description={
        <>
          Une clé permet à un autre outil (caisse, site, logiciel de commande) de lire vos menus ou de marquer un plat
          « Épuisé ». Elle n’est affichée qu’une fois. Référence :{' '}
          <a className="font-medium text-brand-800 underline" href="/api/v1/reference">
            documentation de l’API
          </a>
          .
        </>
      }
    >
      {created && (
        <ShownOnce
          message={`Clé « ${created.name} » créée. Copiez-la maintenant : elle ne sera plus affichée.`}
          label="Clé d’API"
          value={created.key}
        />
      )}
      <NewKeyForm onCreated={setCreated} />
      <QueryList
        query={keys}
        label="Clés d’API"
        loading="Chargement des clés..."
        failed="Erreur lors du chargement des clés"
        empty="Aucune clé pour l’instant."
      >
        {(key) => <KeyRow key={key.id} apiKey={key} />}
      </QueryList>
    </TitledCard>
  );
}

function NewKeyForm({ onCreated }: { onCreated: (key: ApiKeyCreated) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['menus:read']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    create.mutate(
      { name, scopes },
      {
        onSuccess: (key) => {
          setName('');
          onCreated(key);
        },
        onError: (error) => {
          const refusal = refusalOf(error, ['name', 'scopes']);
          setErrors(refusal.fields);
          setFormError(refusal.form);
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label="Nouvelle clé d’API">
      <Field
        label="Nom de la clé"
        placeholder="Caisse du restaurant"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name || undefined}
      />
      <CheckboxGroup
        legend="Permissions"
        options={API_SCOPES}
        labels={API_SCOPE_LABELS}
        value={scopes}
        onChange={setScopes}
        error={errors.scopes || undefined}
      />
      <FormAlert message={formError} />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Création...' : 'Créer la clé'}
      </Button>
    </form>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKeySummary }) {
  const revoke = useRevokeApiKey();
  const [showCalls, setShowCalls] = useState(false);
  const revoked = apiKey.revokedAt !== null;
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{apiKey.name}</span>
        <code className="text-xs text-stone-600">{apiKey.prefix}…</code>
        {revoked ? <Badge tone="red">Révoquée</Badge> : <Badge tone="green">Active</Badge>}
        <span className="ml-auto flex gap-2">
          <Button size="sm" variant="ghost" onClick={() => setShowCalls((v) => !v)} aria-expanded={showCalls}>
            {showCalls ? 'Masquer les appels' : 'Derniers appels'}
          </Button>
          {!revoked && (
            <ConfirmDialog
              title={`Révoquer la clé « ${apiKey.name} » ?`}
              description="Les outils qui l’utilisent ne pourront plus appeler l’API. Cette action est définitive."
              confirmLabel="Révoquer"
              onConfirm={() =>
                revoke.mutate(apiKey.id, {
                  onSuccess: () => toast.success(`Clé « ${apiKey.name} » révoquée`),
                  onError: (error) => toast.error(error.message),
                })
              }
              trigger={
                <Button size="sm" variant="dangerGhost">
                  Révoquer
                </Button>
              }
            />
          )}
        </span>
      </div>
      <p className="text-xs text-stone-600">
        {apiKey.scopes.join(', ')} · créée le {formatDateTime(apiKey.createdAt)}
        {apiKey.createdBy ? ` par ${apiKey.createdBy}` : ''} ·{' '}
        {apiKey.lastUsedAt ? `dernier appel le ${formatDateTime(apiKey.lastUsedAt)}` : 'jamais utilisée'}
      </p>
      {showCalls && <KeyCalls keyId={apiKey.id} />}
    </li>
  );
}

function KeyCalls({ keyId }: { keyId: string }) {
  const calls = useApiCalls(keyId);
  if (calls.isPending) return <Spinner label="Chargement des appels..." />;
  if (calls.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        Erreur lors du chargement des appels
      </p>
    );
  if (calls.data.length === 0) return <p className="text-sm text-stone-600">Aucun appel avec cette clé.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs">
        <caption className="sr-only">Derniers appels de la clé</caption>
        <thead>
          <tr className="text-stone-600">
            <th className="py-1 pr-3 font-medium">Date</th>
            <th className="py-1 pr-3 font-medium">Appel</th>
            <th className="py-1 font-medium">Réponse</th>
          </tr>
        </thead>
        <tbody>
          {calls.data.map((call) => (
            <tr key={call.id} className="border-t border-stone-100">
              <td className="py-1 pr-3 whitespace-nowrap">{formatDateTime(call.at)}</td>
              <td className="py-1 pr-3 font-mono break-all">
                {call.method} {call.path}
              </td>
              <td className="py-1">{call.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
