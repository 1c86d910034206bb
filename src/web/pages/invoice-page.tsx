import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { InvoiceLine } from '../../shared/api/purchases.ts';
import { Badge, Card, Spinner } from '../components/ui/card.tsx';
import { useEstablishments } from '../features/establishments/api.ts';
import { useProducts, useSaveProduct } from '../features/products/api.ts';
import { useConfirmInvoice, useDeleteInvoice, useInvoice, useSetLineProduct } from '../features/purchases/api.ts';
import { InvoiceLines } from '../features/purchases/invoice-lines.tsx';
import { ApiError } from '../lib/api.ts';
import { errorText, productName } from '../features/purchases/texts.ts';
import { DraftActions } from '../features/purchases/draft-actions.tsx';
import { formatEuros, formatShortDate } from '../lib/format.ts';
import { toast } from '../lib/toast.ts';
import { useCan } from '../lib/use-can.ts';

/** /achats/:id: one invoice, each line's product chosen, then confirmed for an establishment. */
export default function InvoicePage() {
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  const products = useProducts();
  const establishments = useEstablishments();
  const setLine = useSetLineProduct(id);
  const saveProduct = useSaveProduct();
  const confirm = useConfirmInvoice(id);
  const remove = useDeleteInvoice();
  const canWrite = useCan('purchases:write');
  const [establishmentId, setEstablishmentId] = useState('');

  if (invoice.isPending) return <Spinner label="Chargement de la facture..." />;
  if (invoice.isError) {
    const missing = invoice.error instanceof ApiError && invoice.error.status === 404;
    return (
      <Card className="space-y-2 py-12 text-center">
        <title>Facture – NutriCarte</title>
        <h1 className="text-lg font-semibold">{missing ? 'Facture non trouvée' : 'Facture indisponible'}</h1>
        {!missing && (
          <p role="alert" className="text-red-700">
            {errorText(invoice.error, 'Erreur lors du chargement de la facture')}
          </p>
        )}
        <Link to="/achats" className="inline-block text-brand-700 underline">
          Retour aux achats
        </Link>
      </Card>
    );
  }
  const data = invoice.data;
  const editable = canWrite && data.status === 'draft';
  const choose = (line: InvoiceLine, productId: string | null) =>
    setLine.mutate(
      { lineId: line.id, productId },
      { onError: (e) => toast.error(errorText(e, 'Erreur lors de l’enregistrement')) },
    );
  const create = (line: InvoiceLine) =>
    saveProduct.mutate(
      { input: { name: productName(line.description), supplier: data.supplier.name } },
      {
        onSuccess: (product) => {
          toast.success(`Produit « ${product.name} » créé`);
          choose(line, product.id);
        },
        onError: (e) => toast.error(errorText(e, 'Erreur lors de la création du produit')),
      },
    );
  const onConfirm = () =>
    confirm.mutate(
      { establishmentId: establishmentId || null, version: data.version },
      {
        onSuccess: ({ priceChanges }) =>
          toast.success(
            priceChanges.length === 0
              ? 'Facture validée'
              : `Facture validée : ${priceChanges.length} prix mis à jour, recettes recalculées`,
          ),
        onError: (e) => toast.error(errorText(e, 'Erreur lors de la validation')),
      },
    );
  const matched = data.lines.filter((l) => l.productId !== null).length;
  return (
    <div className="space-y-4">
      <Link to="/achats" className="text-sm font-medium text-brand-700 underline underline-offset-2">
        Retour aux achats
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <title>{`${data.kind === 'credit_note' ? 'Avoir' : 'Facture'} ${data.number} – NutriCarte`}</title>
        <h1 className="mr-auto text-2xl font-bold sm:text-3xl">
          {data.kind === 'credit_note' ? 'Avoir' : 'Facture'} {data.number}
        </h1>
        {data.status === 'draft' ? <Badge tone="orange">Brouillon</Badge> : <Badge tone="green">Validée</Badge>}
      </div>
      <Card className="space-y-1 text-sm">
        <p>
          <strong>{data.supplier.name}</strong>
          {data.supplier.siret && <span className="text-stone-600"> · SIRET {data.supplier.siret}</span>}
        </p>
        <p>
          Du {formatShortDate(`${data.date}T12:00:00Z`)} · {formatEuros(data.totalValue)} HT
          {data.totalWithVat !== null && <> · {formatEuros(data.totalWithVat)} TTC</>}
          {data.profile && <span className="text-stone-600"> · profil {data.profile}</span>}
        </p>
        {data.notes.map((note) => (
          <p key={note} className="rounded-lg bg-orange-50 p-2 text-orange-900">
            {note}
          </p>
        ))}
      </Card>
      {data.linesIncluded && (
        <Card>
          <h2 className="text-lg font-semibold">
            Lignes{' '}
            <span className="text-sm font-normal text-stone-600">
              ({matched} sur {data.lines.length} rapprochées d’un produit)
            </span>
          </h2>
          <InvoiceLines
            invoice={data}
            products={(products.data ?? []).map((p) => ({ id: p.id, name: p.name }))}
            editable={editable}
            busy={setLine.isPending || saveProduct.isPending || confirm.isPending}
            onChoose={choose}
            onCreate={create}
          />
        </Card>
      )}
      {editable && (
        <Card className="space-y-3">
          <h2 className="text-lg font-semibold">Valider la facture</h2>
          <p className="text-sm text-stone-600">
            La validation enregistre l’achat, met à jour le prix des produits rapprochés (avec leur historique) et
            recalcule le coût des recettes qui les utilisent. Elle ne se défait pas.
          </p>
          {(establishments.data?.length ?? 0) > 1 && (
            <div className="space-y-1">
              <label htmlFor="invoice-establishment" className="block text-sm font-medium">
                Établissement
              </label>
              <select
                id="invoice-establishment"
                className="block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm"
                value={establishmentId}
                onChange={(e) => setEstablishmentId(e.target.value)}
              >
                <option value="">Tous (non attribuée)</option>
                {establishments.data!.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <DraftActions
            confirmLabel="Valider la facture"
            confirming={confirm.isPending}
            onConfirm={onConfirm}
            draftName="facture"
            readName="La facture lue"
            deleting={remove.isPending}
            onDelete={(callbacks) => remove.mutate(id, callbacks)}
          />
        </Card>
      )}
    </div>
  );
}
