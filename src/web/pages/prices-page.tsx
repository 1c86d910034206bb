import { useState } from 'react';
import { Link } from 'react-router';
import { PRICE_UNIT_LABELS } from '../../shared/api/product-vocabulary.ts';
import { parseDecimal } from '../../shared/decimal.ts';
import { Button } from '../components/ui/button.tsx';
import { Badge, Spinner } from '../components/ui/card.tsx';
import { DecimalInput } from '../components/ui/decimal-input.tsx';
import { TitledCard } from '../components/ui/titled-card.tsx';
import { useProducts } from '../features/products/api.ts';
import {
  usePriceHistory,
  usePriceReport,
  usePurchaseSettings,
  useSavePurchaseSettings,
} from '../features/purchases/api.ts';
import { PriceChart } from '../features/purchases/price-chart.tsx';
import { ApiError } from '../lib/api.ts';
import { percentText } from '../lib/cost-text.ts';
import { formatEuros, formatNumber, formatShortDate } from '../lib/format.ts';
import { toast } from '../lib/toast.ts';
import { useCan } from '../lib/use-can.ts';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const PERIODS = [
  { days: 30, label: '30 derniers jours' },
  { days: 90, label: '3 derniers mois' },
  { days: 365, label: '12 derniers mois' },
] as const;

function TargetForm() {
  const settings = usePurchaseSettings();
  const save = useSavePurchaseSettings();
  const canWrite = useCan('purchases:write');
  // null until the owner types: the saved target shows.
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!settings.data) return null;
  const saved = settings.data.foodCostTarget;
  const text = typed ?? formatNumber(saved, saved % 1 ? 1 : 0);
  const setText = setTyped;
  const submit = () => {
    const parsed = parseDecimal(text);
    if (parsed.kind !== 'number' || parsed.value < 1 || parsed.value > 100) {
      setError('L’objectif de coût matière est un pourcentage entre 1 et 100');
      return;
    }
    setError(null);
    save.mutate(
      { foodCostTarget: parsed.value, version: settings.data.version },
      {
        onSuccess: () => {
          setTyped(null);
          toast.success('Objectif enregistré');
        },
        onError: (e) =>
          setError(e instanceof ApiError && e.status < 500 ? e.message : 'Erreur lors de l’enregistrement'),
      },
    );
  };
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="space-y-1">
        <label htmlFor="food-cost-target" className="block text-sm font-medium">
          Objectif de coût matière (% du prix HT)
        </label>
        <DecimalInput
          id="food-cost-target"
          className="w-28"
          value={text}
          onValueChange={setText}
          maxDigits={1}
          disabled={!canWrite}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'food-cost-target-error' : undefined}
        />
      </div>
      {canWrite && (
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          Enregistrer
        </Button>
      )}
      {error && (
        <p id="food-cost-target-error" role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/** /prix (docs/product/purchases.md « Prix »): what went up, which recipes crossed the target, a product's price over time. */
export default function PricesPage() {
  const [days, setDays] = useState<number>(365);
  const [now] = useState(() => Date.now());
  const to = isoDay(new Date(now));
  const from = isoDay(new Date(now - days * 86_400_000));
  const report = usePriceReport(from, to);
  const products = useProducts();
  const [productId, setProductId] = useState<string | null>(null);
  const chosen = productId ?? report.data?.rises[0]?.productId ?? null;
  const history = usePriceHistory(chosen);
  const chosenName = products.data?.find((p) => p.id === chosen)?.name ?? '';
  return (
    <div className="space-y-4">
      {/* Its own title (RGAA 8.6, docs/decisions/0040-rgaa-public-pages.md). */}
      <title>Prix – NutriCarte</title>
      <div>
        <Link to="/achats" className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Retour aux achats
        </Link>
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Prix</h1>
        <p className="text-sm text-stone-600">
          Les prix viennent de vos factures validées ; un prix saisi à la main est marqué « manuel ».
        </p>
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Période">
        {PERIODS.map((p) => (
          <Button
            key={p.days}
            size="sm"
            variant={days === p.days ? 'primary' : 'secondary'}
            aria-pressed={days === p.days}
            onClick={() => setDays(p.days)}
          >
            {p.label}
          </Button>
        ))}
      </div>
      <TitledCard title="Évolution d’un prix">
        <select
          aria-label="Produit"
          className="block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm"
          value={chosen ?? ''}
          onChange={(e) => setProductId(e.target.value || null)}
        >
          <option value="">Choisir un produit</option>
          {(products.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {chosen &&
          (history.isPending ? (
            <Spinner label="Chargement de l’historique..." />
          ) : (
            history.data && <PriceChart name={chosenName} prices={history.data} />
          ))}
      </TitledCard>
      {report.isPending ? (
        <Spinner label="Chargement des prix..." />
      ) : report.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          Erreur lors du chargement des prix
        </p>
      ) : (
        <>
          <TitledCard title="Ce qui a augmenté">
            {report.data.rises.length === 0 ? (
              <p className="text-sm text-stone-600">Aucune hausse de prix sur la période.</p>
            ) : (
              <ul className="divide-y divide-stone-200" data-testid="price-rises">
                {report.data.rises.map((rise) => (
                  <li key={rise.productId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                    <button
                      type="button"
                      className="min-w-0 basis-full text-left font-medium underline-offset-2 hover:underline sm:basis-auto sm:flex-1"
                      onClick={() => setProductId(rise.productId)}
                    >
                      {rise.name}
                    </button>
                    <span className="text-sm tabular-nums text-stone-600">
                      {formatEuros(rise.before.amount)} → {formatEuros(rise.after.amount)}{' '}
                      {PRICE_UNIT_LABELS[rise.after.per]}
                    </span>
                    <Badge tone="red">+{formatNumber(rise.changePercent, 1)} %</Badge>
                    {rise.after.source === 'manual' && <Badge>manuel</Badge>}
                    <span className="w-full text-xs text-stone-500">
                      du {formatShortDate(`${rise.before.date}T12:00:00Z`)} au{' '}
                      {formatShortDate(`${rise.after.date}T12:00:00Z`)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </TitledCard>
          <TitledCard
            title="Recettes et objectif de coût matière"
            description={`Recettes dont le coût a changé avec une facture de la période ; objectif ${percentText(report.data.target)}.`}
          >
            <TargetForm />
            {report.data.recipes.length === 0 ? (
              <p className="text-sm text-stone-600">Aucune recette touchée par les factures de la période.</p>
            ) : (
              <ul className="divide-y divide-stone-200" data-testid="recipes-over-target">
                {report.data.recipes.map((r) => (
                  <li key={r.recipeId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                    <span className="min-w-0 basis-full font-medium sm:basis-auto sm:flex-1">{r.name}</span>
                    <span className="text-sm tabular-nums">
                      {percentText(r.foodCostBefore)} → {percentText(r.foodCostAfter)}
                    </span>
                    {r.crossed ? (
                      <Badge tone="red">Objectif dépassé</Badge>
                    ) : r.foodCostAfter !== null && r.foodCostAfter > report.data.target ? (
                      <Badge tone="orange">Au-dessus de l’objectif</Badge>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </TitledCard>
        </>
      )}
    </div>
  );
}
