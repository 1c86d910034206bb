import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';

/**
 * A QR card's « Actions » button. The same button stands in while the menu's code (Radix's
 * dropdown and its positioning, 20 kB gzip) loads after the page has painted (qr-card.tsx).
 */
export const ActionsButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(
  function ActionsButton(props, ref) {
    return (
      <button
        ref={ref}
        type="button"
        className={buttonClass('secondary', 'sm', 'data-[state=open]:bg-stone-100')}
        {...props}
      >
        Actions
        <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4 text-stone-500" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
    );
  },
);
