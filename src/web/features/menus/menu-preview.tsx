import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';

/**
 * « Aperçu »: the diner's page itself (GET /menu/:id, served framed by this origin only:
 * src/server/app.ts), at a phone's width, reloaded whenever `version` changes (each saved
 * change refetches the sections). A side pane on a wide screen, a toggle on a phone.
 */
export function MenuPreview({ menuId, isActive, version }: { menuId: string; isActive: boolean; version: number }) {
  const [open, setOpen] = useState(false);
  const paneId = useId();
  return (
    <aside aria-label="Aperçu" className="lg:sticky lg:top-4 lg:self-start">
      <Button
        variant="secondary"
        className="w-full lg:hidden"
        aria-expanded={open}
        aria-controls={paneId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Masquer l’aperçu' : 'Aperçu du menu client'}
      </Button>
      <div id={paneId} className={cn('mt-3 space-y-2 lg:mt-0 lg:block', !open && 'hidden')}>
        <h2 className="hidden text-lg font-semibold lg:block">Aperçu</h2>
        {isActive ? (
          <>
            <p className="text-sm text-stone-600">
              La page que vos clients ouvrent en scannant le code QR, mise à jour à chaque enregistrement.
            </p>
            <div className="mx-auto w-[360px] max-w-full overflow-hidden rounded-[1.75rem] border-8 border-stone-800 bg-white shadow-lg">
              <iframe
                key={version}
                src={`/menu/${encodeURIComponent(menuId)}`}
                title="Aperçu de la page client du menu"
                className="block h-[560px] w-full"
                data-testid="menu-preview"
              />
            </div>
            <a
              href={`/menu/${encodeURIComponent(menuId)}`}
              target="_blank"
              rel="noreferrer"
              className="block text-center text-sm font-medium text-brand-700 hover:underline"
            >
              Ouvrir la page client dans un nouvel onglet
            </a>
          </>
        ) : (
          <p className="rounded-lg border border-dashed border-stone-300 p-4 text-sm text-stone-600">
            Ce menu est inactif : vos clients ne le voient pas. Activez-le depuis « Mes Menus » pour le publier et voir
            son aperçu.
          </p>
        )}
      </div>
    </aside>
  );
}
