import { Suspense, useEffect, useState } from 'react';
import { toast } from '../lib/toast.ts';
import type { QrCode } from '../../shared/api/qr.ts';
import { LimitBanner } from '../components/limit-banner.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, Spinner } from '../components/ui/card.tsx';
import { useMenus } from '../features/menus/api.ts';
import { useDeleteQrCode, useQrCodes, useSetQrStatus } from '../features/qr/api.ts';
import { createDrawQueue } from '../features/qr/draw-queue.ts';
import { QrCard } from '../features/qr/qr-card.tsx';
import { useCan } from '../lib/use-can.ts';
import { lazyComponent } from '../lib/lazy-component.ts';

// The generator opens on demand (« Générer un code QR »): its code loads once the page has painted.
const { Component: QrGenerator, usePreload: usePreloadGenerator } = lazyComponent(
  () => import('../features/qr/qr-generator.tsx'),
  (m) => m.QrGenerator,
);

/** docs/product/spec.md section 9: the list's codes are drawn one after another, 100 ms apart, after 200 ms. */
const FIRST_DRAW_DELAY_MS = 200;
const DRAW_INTERVAL_MS = 100;

/** Codes QR (docs/product/spec.md « Codes QR page »). */
function QrCodesPageContent() {
  const qrCodes = useQrCodes();
  const menus = useMenus();
  const setStatus = useSetQrStatus();
  const remove = useDeleteQrCode();
  const canWrite = useCan('content:write');
  const [generatorOpen, setGeneratorOpen] = useState(false);
  usePreloadGenerator();
  const [scheduleDraw] = useState(() => createDrawQueue(FIRST_DRAW_DELAY_MS, DRAW_INTERVAL_MS));

  const loadFailed = qrCodes.isError;
  useEffect(() => {
    if (loadFailed) toast.error('Erreur lors du chargement des données');
  }, [loadFailed]);

  const onToggle = (code: QrCode) =>
    setStatus.mutate(
      { id: code.id, status: code.status === 'active' ? 'inactive' : 'active' },
      {
        onSuccess: (updated) =>
          toast.success(updated.status === 'active' ? 'Code QR activé avec succès' : 'Code QR désactivé avec succès'),
        onError: () => toast.error('Erreur lors de la modification du statut'),
      },
    );

  const onDelete = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => toast.success('Code QR supprimé avec succès'),
      onError: () => toast.error('Erreur lors de la suppression'),
    });

  const openGenerator = () => {
    setGeneratorOpen(true);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Codes QR</h1>
          <p className="text-sm text-stone-600">
            Posez un code sur chaque table : vos clients ouvrent la carte et ses valeurs nutritionnelles sur leur
            téléphone.
          </p>
        </div>
        {canWrite && (
          <Button
            onClick={() => setGeneratorOpen((open) => !open)}
            aria-expanded={generatorOpen}
            className="self-start sm:self-auto"
          >
            Générer un code QR
          </Button>
        )}
      </div>
      {canWrite && <LimitBanner resource="qrCodes" />}

      {canWrite && generatorOpen && (
        <Suspense fallback={<Spinner label="Chargement..." />}>
          <QrGenerator menus={menus.data} menusFailed={menus.isError} onClose={() => setGeneratorOpen(false)} />
        </Suspense>
      )}

      {qrCodes.isPending ? (
        <Spinner label="Chargement des codes QR..." />
      ) : qrCodes.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          Erreur lors du chargement des données
        </p>
      ) : qrCodes.data.length === 0 ? (
        <Card className="py-12 text-center">
          <p className="text-lg font-semibold">Aucun code QR trouvé</p>
          <p className="mt-1 text-sm text-stone-600">
            {canWrite
              ? 'Générez un code QR pour un menu actif, puis imprimez-le pour vos tables.'
              : 'L’équipe n’a pas encore généré de code QR.'}
          </p>
          {canWrite && !generatorOpen && (
            <Button className="mt-4" onClick={openGenerator}>
              Générer mon premier code QR
            </Button>
          )}
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {qrCodes.data.map((code) => (
            <QrCard
              key={code.id}
              code={code}
              scheduleDraw={scheduleDraw}
              actions={
                canWrite
                  ? {
                      toggling: setStatus.isPending && setStatus.variables.id === code.id,
                      onToggle: () => onToggle(code),
                      onDelete: () => onDelete(code.id),
                    }
                  : null
              }
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function QrCodesPage() {
  return (
    <>
      <title>Codes QR – NutriCarte</title>
      <QrCodesPageContent />
    </>
  );
}
