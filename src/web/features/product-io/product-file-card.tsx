import { useState } from 'react';
import { toast } from 'sonner';
import type { ImportPreview } from '../../../shared/product-file.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ApiError } from '../../lib/api.ts';
import { postFileWithProgress } from '../../lib/upload-with-progress.ts';

const SHOWN_PROBLEMS = 200;

function Downloads({ what, path, label }: { what: string; path: string; label: string }) {
  return (
    <p className="text-sm">
      {label} :{' '}
      <a className="font-medium text-brand-700 underline underline-offset-2" href={`${path}?format=csv`} download aria-label={`${what} en CSV`}>
        CSV
      </a>
      {' · '}
      <a className="font-medium text-brand-700 underline underline-offset-2" href={`${path}?format=xlsx`} download aria-label={`${what} en Excel`}>
        Excel
      </a>
    </p>
  );
}

/**
 * « Importer / exporter » of « Mes produits » (issue 17, docs/decisions/0023-costs-import-export.md):
 * a supplier's CSV or Excel file is checked row by row first; the import keeps all or nothing.
 */
export function ProductFileCard({ canWrite, onImported }: { canWrite: boolean; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [progress, setProgress] = useState<{ step: string; share: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async <T,>(path: string, step: string, chosen: File) => {
    setError(null);
    setProgress({ step, share: 0 });
    try {
      return await postFileWithProgress<T>(path, chosen, (share) => setProgress({ step, share }));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Erreur lors de l’envoi du fichier');
      return null;
    } finally {
      setProgress(null);
    }
  };
  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    if (chosen) setPreview(await send<ImportPreview>('/api/files/products/preview', 'Vérification', chosen));
  };
  const importAll = async () => {
    if (!file) return;
    const done = await send<{ imported: number }>('/api/files/products/import', 'Import', file);
    if (!done) return;
    toast.success(`${done.imported} produits importés`);
    setFile(null);
    setPreview(null);
    onImported();
  };

  return (
    <Card className="space-y-3" data-testid="product-file-card">
      <h2 className="text-lg font-semibold">Importer et exporter</h2>
      <Downloads what="Modèle de fichier" path="/api/files/products/template" label="Modèle à remplir" />
      <Downloads what="Mes produits" path="/api/files/products/export" label="Exporter mes produits" />
      <Downloads what="Mes recettes" path="/api/files/recipes/export" label="Exporter mes recettes" />
      {canWrite && (
        <div className="space-y-2 border-t border-stone-100 pt-3">
          <label htmlFor="product-file" className="block text-sm font-medium text-stone-800">
            Fichier de votre fournisseur (CSV ou Excel, 10 000 lignes au plus)
          </label>
          <input
            id="product-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => void choose(event.target.files?.[0] ?? null)}
            className="block w-full text-sm"
          />
          {progress && (
            <div aria-live="polite">
              <p className="text-sm text-stone-600">{`${progress.step} : ${Math.round(progress.share * 100)} % envoyés`}</p>
              <progress className="w-full" max={1} value={progress.share} aria-label={progress.step} />
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          {preview && (
            <div className="space-y-2" data-testid="import-preview">
              <p className="text-sm font-medium">
                {preview.rows.length === 0
                  ? `${preview.total} lignes, toutes prêtes à importer.`
                  : `${preview.total} lignes : ${preview.valid} prêtes, ${preview.rows.length} à corriger. Rien ne sera importé tant qu’une ligne est à corriger.`}
              </p>
              {preview.rows.length > 0 && (
                <ul className="max-h-64 space-y-1 overflow-y-auto rounded-md border border-orange-300 bg-orange-50 p-2 text-sm text-orange-900">
                  {preview.rows.slice(0, SHOWN_PROBLEMS).map((row) => (
                    <li key={row.line}>
                      <strong>{`Ligne ${row.line} (${row.name})`}</strong> : {row.problems.join(' ; ')}
                    </li>
                  ))}
                  {preview.rows.length > SHOWN_PROBLEMS && <li>{`… et ${preview.rows.length - SHOWN_PROBLEMS} autres lignes`}</li>}
                </ul>
              )}
              <Button onClick={() => void importAll()} disabled={preview.rows.length > 0 || progress !== null}>
                {`Importer les ${preview.total} produits`}
              </Button>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
