import { useId, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import type { ImportPreview } from '../../../shared/product-file.ts';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { postFileWithProgress } from '../../lib/upload-with-progress.ts';

const SHOWN_PROBLEMS = 200;

/** What differs between the products import and the recipes import (docs/decisions/0023-costs-import-export.md). */
export interface ImportKind {
  /** `/api/files/<path>/preview` and `/import`. */
  path: 'products' | 'recipes';
  label: string;
  /** « Importer les 12 produits », « 3 recettes importées ». */
  count: (preview: ImportPreview & { recipes?: number }) => string;
  done: (imported: number) => string;
}

/**
 * A file checked row by row first (each row's problems in French), then imported all or
 * nothing; the upload's progress is shown for large files.
 */
export function FileImport({ kind, onImported }: { kind: ImportKind; onImported: () => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<(ImportPreview & { recipes?: number }) | null>(null);
  const [progress, setProgress] = useState<{ step: string; share: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A new input after an import: the imported file's name must not stay next to « Choisir ».
  const [inputKey, setInputKey] = useState(0);

  const send = async <T,>(action: 'preview' | 'import', step: string, chosen: File) => {
    setError(null);
    setProgress({ step, share: 0 });
    try {
      return await postFileWithProgress<T>(`/api/files/${kind.path}/${action}`, chosen, (share) =>
        setProgress({ step, share }),
      );
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
    if (chosen) setPreview(await send<ImportPreview>('preview', 'Vérification', chosen));
  };
  const importAll = async () => {
    if (!file) return;
    const done = await send<{ imported: number }>('import', 'Import', file);
    if (!done) return;
    toast.success(kind.done(done.imported));
    setFile(null);
    setPreview(null);
    setInputKey((key) => key + 1);
    onImported();
  };

  return (
    <div className="space-y-2 border-t border-stone-100 pt-3" data-testid={`${kind.path}-import`}>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
        {kind.label}
      </label>
      <input
        key={inputKey}
        id={inputId}
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
              {preview.rows.length > SHOWN_PROBLEMS && (
                <li>{`… et ${preview.rows.length - SHOWN_PROBLEMS} autres lignes`}</li>
              )}
            </ul>
          )}
          <Button onClick={() => void importAll()} disabled={preview.rows.length > 0 || progress !== null}>
            {kind.count(preview)}
          </Button>
        </div>
      )}
    </div>
  );
}
