import { useLayoutEffect, useRef } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useConsent } from './use-consent.ts';

/**
 * Reserves the banner's height below the page, so the footer (and its links) can be scrolled
 * into view, and publishes it as --fixed-bottom-bar so toasts rise above the banner.
 */
function useSpaceBelowPage(ref: React.RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    // The server's banner of a painted page (src/server/web-app/static.ts) gives way to this one, in the same frame.
    document.getElementById('consent-banner-static')?.remove();
    const reserve = () => {
      document.body.style.paddingBottom = `${banner.offsetHeight}px`;
      document.documentElement.style.setProperty('--fixed-bottom-bar', `${banner.offsetHeight}px`);
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = '';
      document.documentElement.style.removeProperty('--fixed-bottom-bar');
    };
  }, [ref]);
}

/**
 * The first-visit question (CNIL): not modal, fixed at the bottom; refusing takes one click
 * and looks exactly like accepting. On a phone it is a compact bar (issue 21): two short
 * lines and the three choices side by side, equal in size and style.
 */
export default function ConsentBanner() {
  const { acceptAll, refuseAll, openPreferences } = useConsent();
  const ref = useRef<HTMLElement>(null);
  useSpaceBelowPage(ref);
  return (
    <section
      ref={ref}
      aria-labelledby="consent-banner-title"
      data-testid="consent-banner"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.08)] print:hidden"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2.5 sm:py-3 lg:flex-row lg:items-center lg:gap-8">
        <div className="text-xs leading-snug text-stone-700 sm:text-sm">
          <h2 id="consent-banner-title" className="inline font-semibold text-stone-900 sm:block">
            Vos choix sur les cookies
          </h2>{' '}
          <p className="inline sm:mt-1 sm:block">
            Avec votre accord, nous mesurons l’audience et l’efficacité de nos publicités ; refuser ne change rien à
            NutriCarte. {/* Plain link: the banner lives outside the router. */}
            <a href="/confidentialite" className="font-medium text-brand-800 underline underline-offset-2">
              En savoir plus
            </a>
          </p>
        </div>
        <div className="grid shrink-0 grid-cols-3 gap-2 sm:flex">
          <Button size="sm" className="px-2 sm:h-10 sm:px-4" onClick={refuseAll}>
            Tout refuser
          </Button>
          <Button size="sm" className="px-2 sm:h-10 sm:px-4" onClick={acceptAll}>
            Tout accepter
          </Button>
          <Button size="sm" className="px-2 sm:h-10 sm:px-4" onClick={openPreferences}>
            Personnaliser
          </Button>
        </div>
      </div>
    </section>
  );
}
