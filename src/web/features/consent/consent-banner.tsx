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
 * and looks exactly like accepting.
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
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:py-4 lg:flex-row lg:items-center lg:gap-8">
        <div className="text-sm leading-snug text-stone-700">
          <h2 id="consent-banner-title" className="font-semibold text-stone-900">
            Vos choix sur les cookies
          </h2>
          <p className="mt-1">
            Avec votre accord, nous mesurons l’audience de nos pages et l’efficacité de nos publicités. Refuser ne change rien à
            l’utilisation de NutriCarte.{' '}
            {/* Plain link: the banner lives outside the router. */}
            <a href="/confidentialite" className="font-medium text-brand-800 underline underline-offset-2">
              En savoir plus
            </a>
          </p>
        </div>
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
          <Button onClick={refuseAll}>Tout refuser</Button>
          <Button onClick={acceptAll}>Tout accepter</Button>
          <Button variant="secondary" onClick={openPreferences} className="col-span-2">
            Personnaliser
          </Button>
        </div>
      </div>
    </section>
  );
}
