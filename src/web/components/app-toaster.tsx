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

export default function AppToaster() {
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
