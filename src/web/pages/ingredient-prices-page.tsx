import { useState } from 'react';
import { Link } from 'react-router';
import { PRICE_UNIT_LABELS } from '../../shared/api/product-vocabulary.ts';
import type { IngredientPrice } from '../../shared/ingredient-prices.ts';
import { IngredientPriceEditor } from '../components/ingredient-price-editor.tsx';
import { Card, Spinner } from '../components/ui/card.tsx';
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx';
import { Button } from '../components/ui/button.tsx';
import { TitledCard } from '../components/ui/titled-card.tsx';
import { IngredientSearch } from '../features/recipes/ingredient-search.tsx';
import { formatEuros } from '../lib/format.ts';
import { useDeleteIngredientPrice, useIngredientPrices } from '../lib/ingredient-prices.ts';
import { toast } from '../lib/toast.ts';
import { useCan } from '../lib/use-can.ts';

/**
 * /produits/prix: « Prix des ingrédients », the organisation's prices of Ciqual foods
 * (docs/product/costs.md): each typed once, reused by every recipe, with its supplier. A food
 * is added from the ingredient search; tap water is free until it is given a price.
 */
export default function IngredientPricesPage() {
  const prices = useIngredientPrices();
  const canWrite = useCan('content:write');
  const seesCosts = useCan('costs:read');
  const remove = useDeleteIngredientPrice();
  const [editing, setEditing] = useState<{ code: string; name: string; current: IngredientPrice | null } | null>(null);
  return (
    <div className="space-y-4">
      <div>
        <Link to="/produits" className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Retour à Mes produits
        </Link>
        <title>Prix des ingrédients – NutriCarte</title>
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Prix des ingrédients</h1>
        <p className="text-sm text-stone-600">
          Le prix HT d’un aliment de la table Ciqual, au kg, au litre ou à l’unité : il sert à toutes vos recettes. Vos
          propres produits ont le leur dans Mes produits, saisi ou tiré de leur dernière facture.
        </p>
      </div>
      {!seesCosts ? (
        <p className="rounded-lg bg-stone-100 p-4 text-sm text-stone-700">
          Les prix et les coûts sont réservés aux propriétaires et aux éditeurs de l’organisation.
        </p>
      ) : (
        <>
          {canWrite && (
            <TitledCard title="Donner un prix" description="Cherchez l’aliment, puis saisissez son prix.">
              {editing ? (
                <IngredientPriceEditor
                  key={editing.code}
                  code={editing.code}
                  name={editing.name}
                  current={editing.current}
                  onDone={() => setEditing(null)}
                />
              ) : (
                <IngredientSearch
                  onSelect={(hit) => {
                    if (hit.kind !== 'ciqual' || !hit.code) {
                      toast.error('Le prix de vos produits et de vos recettes se donne dans Mes produits');
                      return;
                    }
                    const current = prices.data?.prices.find((p) => p.code === hit.code) ?? null;
                    setEditing({ code: hit.code, name: hit.name, current });
                  }}
                />
              )}
            </TitledCard>
          )}
          {prices.isPending ? (
            <Spinner label="Chargement des prix..." />
          ) : prices.isError ? (
            <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
              Erreur lors du chargement des prix
            </p>
          ) : (
            <Card>
              {prices.data.prices.length === 0 ? (
                <p className="py-6 text-center text-sm text-stone-600">
                  Aucun prix pour l’instant : donnez-en un ici ou directement sur une ligne de recette.
                </p>
              ) : (
                <ul className="divide-y divide-stone-100" aria-label="Prix des ingrédients">
                  {prices.data.prices.map((price) => (
                    <li
                      key={price.code}
                      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                      data-testid="ingredient-price-row"
                    >
                      <div className="min-w-0">
                        <p className="break-words font-medium">{price.name}</p>
                        <p className="text-sm text-stone-600">
                          {`${formatEuros(price.amount)} ${PRICE_UNIT_LABELS[price.per]}`}
                          {price.supplier ? ` · ${price.supplier}` : ''}
                        </p>
                      </div>
                      {canWrite && (
                        <div className="flex shrink-0 gap-2">
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => {
                              setEditing({ code: price.code, name: price.name, current: price });
                              window.scrollTo({ top: 0 });
                            }}
                          >
                            Modifier
                          </Button>
                          <ConfirmDialog
                            trigger={
                              <Button size="sm" variant="dangerGhost">
                                Retirer
                              </Button>
                            }
                            title={`Retirer le prix de ${price.name} ?`}
                            description="Les recettes qui l’utilisent n’auront plus de coût complet tant qu’un autre prix n’est pas donné."
                            confirmLabel="Retirer le prix"
                            onConfirm={() =>
                              remove.mutate(price.code, {
                                onSuccess: () => toast.success('Prix retiré'),
                                onError: () => toast.error('Erreur lors du retrait du prix'),
                              })
                            }
                          />
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {prices.data.freeByDefault.length > 0 && (
                <p className="mt-3 border-t border-stone-100 pt-3 text-xs text-stone-600">
                  {`Gratuit sans prix de votre part : ${prices.data.freeByDefault.map((f) => f.name).join(', ')}.`}
                </p>
              )}
            </Card>
          )}
        </>
      )}
    </div>
  );
}
