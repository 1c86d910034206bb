import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyComponent } from '../lib/lazy-component.ts';
import { useHasUnsavedChanges } from '../lib/unsaved-changes.ts';

const { Component: ConfirmDialogContent } = lazyComponent(
  () => import('./ui/confirm-dialog-content.tsx'),
  (m) => m.default,
);

/** A link of this app, followed in this tab (not a new tab, a download or another site). */
function inAppLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return url.pathname + url.search + url.hash === window.location.pathname + window.location.search ? null : link;
}

/**
 * « Quitter sans enregistrer ? » before a link of the app takes the owner away from a form with
 * unsaved changes (src/web/lib/unsaved-changes.ts). The click is caught on the document before
 * React Router's own handler; « Quitter » follows the link. The draft stays either way
 * (src/web/lib/saved-drafts.ts): leaving loses nothing, it only asks.
 */
export function LeaveGuard() {
  const dirty = useHasUnsavedChanges();
  const navigate = useNavigate();
  const [target, setTarget] = useState<{ to: string; opener: HTMLElement } | null>(null);
  useEffect(() => {
    if (!dirty) return;
    const onClick = (event: MouseEvent) => {
      const link = inAppLink(event);
      if (!link) return;
      event.preventDefault();
      event.stopPropagation();
      const url = new URL(link.href, window.location.href);
      setTarget({ to: url.pathname + url.search + url.hash, opener: link });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [dirty]);
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogContent
        open
        onOpenChange={(open) => !open && setTarget(null)}
        returnFocusTo={() => target.opener}
        title="Quitter sans enregistrer ?"
        description="Vos modifications ne sont pas enregistrées. Elles restent en brouillon dans ce navigateur : vous pourrez les reprendre en rouvrant le formulaire."
        confirmLabel="Quitter la page"
        cancelLabel="Rester"
        onConfirm={() => {
          setTarget(null);
          navigate(target.to);
        }}
      />
    </Suspense>
  );
}
