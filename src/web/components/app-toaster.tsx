import { useEffect } from 'react';
import { Toaster } from 'sonner';

/**
 * Toasts sit at the bottom (full width on a phone, at the right from 600 px): never over the
 * header and its buttons, whatever its height, and above the cookie banner while it is shown
 * (it publishes its height as --fixed-bottom-bar, src/web/features/consent/consent-banner.tsx).
 * A form's error toast leaves once its fields are fixed (src/web/lib/form-error-toast.ts).
 */
const above = (gap: string) => ({ bottom: `calc(var(--fixed-bottom-bar, 0px) + ${gap})` });

/** Sonner's own labels are English (« Close toast »): every word a person hears is French. */
const toastOptions = { closeButtonAriaLabel: 'Fermer la notification' };

const TOASTER = '[data-sonner-toaster]';

/**
 * A toast the keyboard has reached stays until the focus leaves it, as it does under the mouse
 * (WCAG 2.2.1, « Réglage du délai »): sonner 2 stops a toast's clock only while the pointer is
 * over the list (node_modules/sonner/dist/index.mjs, `expanded`), and a keyboard user reading
 * « Recette créée » would see it vanish after 4 s. The list is told what the mouse would tell
 * it: a `mousemove` as the focus enters it, and again when the pointer leaves it while the focus
 * is still in it; a `mouseout` to the page as the focus leaves. (e2e/accessibility.spec.ts
 * « through a toast and out of the page » holds the focus there past the toast's lifetime.)
 */
function useToastsWaitForTheKeyboard() {
  useEffect(() => {
    const list = (node: EventTarget | null) => (node instanceof Element ? node.closest(TOASTER) : null);
    const hold = (toaster: Element) => toaster.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
    const entered = (event: FocusEvent) => {
      const toaster = list(event.target);
      if (toaster && list(event.relatedTarget) !== toaster) hold(toaster);
    };
    const left = (event: FocusEvent) => {
      const toaster = list(event.target);
      if (toaster && list(event.relatedTarget) !== toaster)
        toaster.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
    };
    // The pointer leaving the list lets sonner's clock run again (React has handled the event
    // by now: it listens on the app's root, below the document): the focus still holds it.
    const pointerLeft = (event: MouseEvent) => {
      const toaster = list(event.target);
      if (
        event.isTrusted &&
        toaster &&
        list(event.relatedTarget) !== toaster &&
        list(document.activeElement) === toaster
      )
        hold(toaster);
    };
    document.addEventListener('focusin', entered);
    document.addEventListener('focusout', left);
    document.addEventListener('mouseout', pointerLeft);
    return () => {
      document.removeEventListener('focusin', entered);
      document.removeEventListener('focusout', left);
      document.removeEventListener('mouseout', pointerLeft);
    };
  }, []);
}

export default function AppToaster() {
  useToastsWaitForTheKeyboard();
  return (
    <Toaster
      position="bottom-right"
      offset={above('24px')}
      mobileOffset={above('12px')}
      visibleToasts={1}
      richColors
      closeButton
      containerAriaLabel="Notifications"
      toastOptions={toastOptions}
    />
  );
}
