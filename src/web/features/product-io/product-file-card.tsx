import { Card } from '../../components/ui/card.tsx';
import { FileImport, type ImportKind } from './file-import.tsx';

const PRODUCTS: ImportKind = {
  path: 'products',
  label: 'Fichier de votre fournisseur (CSV ou Excel, 10 000 lignes au plus)',
  count: (preview) => `Importer les ${preview.total} produits`,
  done: (imported) => `${imported} produits importés`,
};
const RECIPES: ImportKind = {
  path: 'recipes',
  label: 'Fichier de recettes (CSV ou Excel, une ligne par ingrédient, colonnes de l’export)',
  count: (preview) => `Importer les ${preview.recipes ?? 0} recettes`,
  done: (imported) => `${imported} recettes importées`,
};

function Downloads({ what, path, label }: { what: string; path: string; label: string }) {
  return (
    <p className="text-sm">
      {label} :{' '}
      <a
        className="font-medium text-brand-700 underline underline-offset-2"
        href={`${path}?format=csv`}
        download
        aria-label={`${what} en CSV`}
      >
        CSV
      </a>
      {' · '}
      <a
        className="font-medium text-brand-700 underline underline-offset-2"
        href={`${path}?format=xlsx`}
        download
        aria-label={`${what} en Excel`}
      >
        Excel
      </a>
    </p>
  );
}

/**
 * « Importer / exporter » of « Mes produits » (docs/decisions/0023-costs-import-export.md):
 * a supplier's products file or a recipes file is checked row by row first; an import keeps
 * all or nothing. Recipes come here, beside the products their lines name.
 */
export function ProductFileCard({ canWrite, onImported }: { canWrite: boolean; onImported: () => void }) {
  return (
    <Card className="space-y-3" data-testid="product-file-card">
      <h2 className="text-lg font-semibold">Importer et exporter</h2>
      <Downloads what="Modèle de fichier" path="/api/files/products/template" label="Modèle à remplir (produits)" />
      <Downloads
        what="Modèle de fichier de recettes"
        path="/api/files/recipes/template"
        label="Modèle à remplir (recettes)"
      />
      <Downloads what="Mes produits" path="/api/files/products/export" label="Exporter mes produits" />
      <Downloads what="Mes recettes" path="/api/files/recipes/export" label="Exporter mes recettes" />
      {canWrite && <FileImport kind={PRODUCTS} onImported={onImported} />}
      {canWrite && <FileImport kind={RECIPES} onImported={onImported} />}
    </Card>
  );
}
