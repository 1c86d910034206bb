import { Link } from 'react-router';
import { Card, Spinner } from '../components/ui/card.tsx';
import { TitledCard } from '../components/ui/titled-card.tsx';
import { useEgalimPurchases, useInvoices, usePriceLists } from '../features/purchases/api.ts';
import { EgalimPurchasesCard } from '../features/purchases/egalim-card.tsx';
import { InvoiceImport } from '../features/purchases/invoice-import.tsx';
import { InvoiceList } from '../features/purchases/invoice-list.tsx';
import { PriceListImport, PriceListList } from '../features/purchases/price-list-import.tsx';
import { useCan } from '../lib/use-can.ts';

const year = new Date().getFullYear();

/** /achats (docs/product/purchases.md): supplier invoices in, checked line by line, and EGalim from them. */
export default function PurchasesPage() {
  const invoices = useInvoices();
  const priceLists = usePriceLists();
  const egalim = useEgalimPurchases(`${year}-01-01`, `${year}-12-31`);
  const canWrite = useCan('purchases:write');
  return (
    <div className="space-y-4">
      {/* Its own title (RGAA 8.6, docs/decisions/0040-rgaa-public-pages.md). */}
      <title>Achats – NutriCarte</title>
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Achats</h1>
        <p className="text-sm text-stone-600">
          Vos factures fournisseurs électroniques mettent à jour les prix de vos produits, le coût de vos recettes et
          vos parts EGalim. Voir aussi{' '}
          <Link to="/prix" className="font-medium text-brand-700 underline underline-offset-2">
            Prix
          </Link>{' '}
          et{' '}
          <Link to="/ventes" className="font-medium text-brand-700 underline underline-offset-2">
            Ventes
          </Link>
          .
        </p>
      </div>
      {canWrite && (
        <TitledCard
          title="Importer des factures"
          description="Chaque facture arrive en brouillon : vérifiez le produit de chaque ligne, puis validez-la."
        >
          <InvoiceImport onImported={() => void invoices.refetch()} />
        </TitledCard>
      )}
      <TitledCard
        title="Tarifs fournisseurs"
        description="La mercuriale ou le tarif de votre grossiste (CSV ou Excel) met à jour vos prix ; ce n’est pas un achat."
      >
        <div className="space-y-4">
          {canWrite && <PriceListImport onImported={() => void priceLists.refetch()} />}
          {priceLists.isPending ? (
            <Spinner label="Chargement des tarifs..." />
          ) : priceLists.isError ? (
            <p role="alert" className="text-red-700">
              Erreur lors du chargement des tarifs
            </p>
          ) : priceLists.data.length === 0 ? (
            <p className="text-sm text-stone-600">Aucun tarif importé pour l’instant.</p>
          ) : (
            <PriceListList priceLists={priceLists.data} />
          )}
        </div>
      </TitledCard>
      <TitledCard
        title={`EGalim ${year}`}
        description="Part des achats HT en produits durables et de qualité (loi EGalim)."
      >
        {egalim.isPending ? (
          <Spinner label="Calcul des parts EGalim..." />
        ) : egalim.isError ? (
          <p role="alert" className="text-red-700">
            Erreur lors du calcul des parts EGalim
          </p>
        ) : (
          <EgalimPurchasesCard egalim={egalim.data} />
        )}
      </TitledCard>
      <TitledCard title="Factures">
        {invoices.isPending ? (
          <Spinner label="Chargement des factures..." />
        ) : invoices.isError ? (
          <p role="alert" className="text-red-700">
            Erreur lors du chargement des factures
          </p>
        ) : invoices.data.length === 0 ? (
          <Card className="border-dashed py-8 text-center text-stone-600 shadow-none">
            Aucune facture pour l’instant : importez la première ci-dessus.
          </Card>
        ) : (
          <InvoiceList invoices={invoices.data} />
        )}
      </TitledCard>
    </div>
  );
}
