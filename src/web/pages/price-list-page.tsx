import { Link, useParams } from 'react-router';
import type { PriceListLine } from '../../shared/api/purchases.ts';
import { Badge, Card, Spinner } from '../components/ui/card.tsx';
import { useProducts, useSaveProduct } from '../features/products/api.ts';
import {
  useConfirmPriceList,
  useDeletePriceList,
  usePriceList,
  useSetPriceListLine,
} from '../features/purchases/api.ts';
import { MatchedLineRow, PerBase, type ProductChoice } from '../features/purchases/invoice-lines.tsx';
import { errorText, productName } from '../features/purchases/texts.ts';
import { DraftActions } from '../features/purchases/draft-actions.tsx';
import { ApiError } from '../lib/api.ts';
import { formatEuros, formatNumber, formatShortDate } from '../lib/format.ts';
import { toast } from '../lib/toast.ts';
import { useCan } from '../lib/use-can.ts';

const vatText = (rate: number | null) => (rate === null ? null : ` · TVA ${formatNumber(rate, rate % 1 ? 1 : 0)} %`);

/**
 * /achats/tarifs/:id (docs/product/purchases.md « Tarifs fournisseurs »): a supplier's price list,
 * each article's product checked, then confirmed into the price history at its date d'effet.
 */
export default function PriceListPage() {
  const { id = '' } = useParams();
  const list = usePriceList(id);
  const products = useProducts();
  const setLine = useSetPriceListLine(id);
  const saveProduct = useSaveProduct();
  const confirm = useConfirmPriceList(id);
  const remove = useDeletePriceList();
  const canWrite = useCan('purchases:write');

  if (list.isPending) return <Spinner label="Chargement du tarif..." />;
  if (list.isError) {
    const missing = list.error instanceof ApiError && list.error.status === 404;
    return (
      <Card className="space-y-2 py-12 text-center">
        <title>Tarif fournisseur – NutriCarte</title>
        <h1 className="text-lg font-semibold">{missing ? 'Tarif non trouvé' : 'Tarif indisponible'}</h1>
        {!missing && (
          <p role="alert" className="text-red-700">
            {errorText(list.error, 'Erreur lors du chargement du tarif')}
          </p>
        )}
        <Link to="/achats" className="inline-block text-brand-700 underline">
          Retour aux achats
        </Link>
      </Card>
    );
  }
  const data = list.data;
  const editable = canWrite && data.status === 'draft';
  const choices: ProductChoice[] = (products.data ?? []).map((p) => ({ id: p.id, name: p.name }));
  const busy = setLine.isPending || saveProduct.isPending || confirm.isPending;
  const choose = (line: PriceListLine, productId: string | null) =>
    setLine.mutate(
      { lineId: line.id, productId },
      { onError: (e) => toast.error(errorText(e, 'Erreur lors de l’enregistrement')) },
    );
  const create = (line: PriceListLine) =>
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
      { version: data.version },
      {
        onSuccess: ({ priceChanges }) =>
          toast.success(
            priceChanges.length === 0
              ? 'Tarif validé : les prix sont dans l’historique'
              : `Tarif validé : ${priceChanges.length} prix mis à jour, recettes recalculées`,
          ),
        onError: (e) => toast.error(errorText(e, 'Erreur lors de la validation')),
      },
    );
  const matched = data.lines.filter((l) => l.productId !== null).length;
  const day = formatShortDate(`${data.effectiveDate}T12:00:00Z`);
  return (
    <div className="space-y-4">
      <Link to="/achats" className="text-sm font-medium text-brand-700 underline underline-offset-2">
        Retour aux achats
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <title>{`Tarif ${data.supplier.name} – NutriCarte`}</title>
        <h1 className="mr-auto text-2xl font-bold break-words sm:text-3xl">Tarif {data.supplier.name}</h1>
        {data.status === 'draft' ? <Badge tone="orange">Brouillon</Badge> : <Badge tone="green">Validé</Badge>}
      </div>
      <Card className="space-y-1 text-sm">
        <p>
          Date d’effet : <strong>{day}</strong> · {formatNumber(data.lines.length)} articles
        </p>
        <p className="text-stone-600">
          Un tarif met à jour vos prix ; ce n’est pas un achat : il ne compte ni dans EGalim ni dans « ma cantine ».
        </p>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">
          Articles{' '}
          <span className="text-sm font-normal text-stone-600">
            ({matched} sur {data.lines.length} rapprochés d’un produit)
          </span>
        </h2>
        <ul className="divide-y divide-stone-200" data-testid="price-list-lines">
          {data.lines.map((line) => (
            <MatchedLineRow
              key={line.id}
              testId="price-list-line"
              line={line}
              products={choices}
              editable={editable}
              busy={busy}
              onChoose={(productId) => choose(line, productId)}
              onCreate={() => create(line)}
              figures={
                <>
                  {line.unitLabel ?? 'pièce'} : <strong>{formatEuros(line.priceHt, 2)} HT</strong>
                  {vatText(line.vatRate) && <span className="text-stone-500">{vatText(line.vatRate)}</span>}
                </>
              }
              details={
                <>
                  <PerBase per={line.pricePerBase} contents={line.contents} packLabel={line.unitLabel ?? 'pièce'} />
                  {(line.labels || line.ean) && (
                    <p className="text-xs text-stone-600">
                      {[line.labels, line.ean && `EAN ${line.ean}`].filter(Boolean).join(' · ')}
                    </p>
                  )}
                </>
              }
            />
          ))}
        </ul>
      </Card>
      {editable && (
        <Card className="space-y-3">
          <h2 className="text-lg font-semibold">Valider le tarif</h2>
          <p className="text-sm text-stone-600">
            La validation enregistre le prix de chaque produit rapproché dans son historique au {day} (« Tarif
            fournisseur »), met à jour son prix actuel si le tarif n’est pas plus ancien, et recalcule le coût des
            recettes qui l’utilisent. Une ligne sans produit est ignorée.
          </p>
          <DraftActions
            confirmLabel="Valider le tarif"
            confirming={confirm.isPending}
            onConfirm={onConfirm}
            draftName="tarif"
            readName="Le tarif lu"
            deleting={remove.isPending}
            onDelete={(callbacks) => remove.mutate(id, callbacks)}
          />
        </Card>
      )}
    </div>
  );
}
