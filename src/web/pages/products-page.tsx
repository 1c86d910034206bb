import { Suspense, useState } from 'react';
import { toast } from '../lib/toast.ts';
import type { Product } from '../../shared/api/products.ts';
import { Button } from '../components/ui/button.tsx';
import { Card, Spinner } from '../components/ui/card.tsx';
import { useDeleteProduct, useProducts } from '../features/products/api.ts';
import { ProductCard } from '../features/products/product-card.tsx';
import { IngredientSearch } from '../features/recipes/ingredient-search.tsx';
import { ApiError } from '../lib/api.ts';
import { lazyComponent } from '../lib/lazy-component.ts';
import { useCan } from '../lib/use-can.ts';
import { ProductFileCard } from '../features/product-io/product-file-card.tsx';
import { useInvalidateProducts } from '../features/products/api.ts';
import { Link } from 'react-router';
import { useDraftList } from '../lib/saved-drafts.ts';
import { DraftNotices } from '../components/draft-banner.tsx';

// The form (react-hook-form, zod) is not needed to read the list.
const { Component: ProductForm, usePreload } = lazyComponent(
  () => import('../features/products/product-form.tsx'),
  (m) => m.ProductForm,
);

type FormState =
  { mode: 'closed' } | { mode: 'create'; resume?: boolean } | { mode: 'edit'; product: Product; resume?: boolean };

/** « Mes produits » (docs/product/products.md): every member reads them, owners and editors write them. */
function ProductsPageContent() {
  const products = useProducts();
  const remove = useDeleteProduct();
  const canWrite = useCan('content:write');
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const refresh = useInvalidateProducts();
  const seesCosts = useCan('costs:read');
  usePreload();
  // Products begun or changed and not saved, kept in this browser (src/web/lib/saved-drafts.ts).
  const drafts = useDraftList<unknown>('produit').filter(
    (d) => form.mode === 'closed' && (d.id === null || Boolean(products.data?.some((p) => p.id === d.id))),
  );

  const onDelete = (product: Product) =>
    remove.mutate(product.id, {
      onSuccess: () => toast.success('Produit supprimé'),
      // 409 names the recipes that still use it.
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.status > 0 && error.status < 500
            ? error.message
            : 'Erreur lors de la suppression',
        ),
    });

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Mes produits</h1>
          <p className="text-sm text-stone-600">
            Les produits de vos fournisseurs, saisis d’après leur étiquette : ils s’ajoutent à vos recettes comme les
            aliments Ciqual.
          </p>
          {seesCosts && (
            <Link
              to="/produits/prix"
              className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              Prix des aliments Ciqual (farine, beurre, œufs…)
            </Link>
          )}
        </div>
        {canWrite && (
          <Button
            onClick={() => setForm({ mode: 'create' })}
            disabled={form.mode !== 'closed'}
            className="self-start sm:self-auto"
          >
            Nouveau produit
          </Button>
        )}
      </div>

      {canWrite && (
        <DraftNotices
          drafts={drafts}
          describe={(d) =>
            d.id === null
              ? `Produit commencé et pas encore enregistré : « ${d.title} ».`
              : `Modifications non enregistrées de « ${d.title} ».`
          }
          onResume={(d) => {
            const product = products.data?.find((p) => p.id === d.id);
            setForm(product ? { mode: 'edit', product, resume: true } : { mode: 'create', resume: true });
            window.scrollTo({ top: 0 });
          }}
        />
      )}

      {form.mode !== 'closed' && (
        <Card>
          <h2 className="mb-4 text-xl font-semibold">
            {form.mode === 'edit' ? 'Modifier le produit' : 'Nouveau produit'}
          </h2>
          <Suspense fallback={<Spinner label="Chargement du formulaire..." />}>
            <ProductForm
              key={form.mode === 'edit' ? `${form.product.id}@${form.product.version}` : 'new'}
              product={form.mode === 'edit' ? form.product : null}
              onDone={() => setForm({ mode: 'closed' })}
              onReload={(saved) => setForm({ mode: 'edit', product: saved })}
              CiqualSearch={IngredientSearch}
              resumeDraft={form.resume === true}
            />
          </Suspense>
        </Card>
      )}

      <ProductFileCard canWrite={canWrite} onImported={() => void refresh()} />

      {products.isPending ? (
        <Spinner label="Chargement des produits..." />
      ) : products.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          Erreur lors du chargement des produits
        </p>
      ) : products.data.length === 0 ? (
        <Card className="text-center text-stone-600">
          Aucun produit pour l’instant. Ajoutez le premier d’après son étiquette.
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {products.data.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              canWrite={canWrite}
              onEdit={() => {
                setForm({ mode: 'edit', product });
                window.scrollTo({ top: 0 });
              }}
              onDelete={() => onDelete(product)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function ProductsPage() {
  return (
    <>
      <title>Mes produits – NutriCarte</title>
      <ProductsPageContent />
    </>
  );
}
