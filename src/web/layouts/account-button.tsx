import { forwardRef, type ButtonHTMLAttributes } from 'react';

/**
 * The header's account button: the e-mail's initial in a disc, and its name for assistive
 * technology. The same button stands in while the account menu's code loads (account-menu.tsx).
 */
export const AccountButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { email: string }>(
  function AccountButton({ email, ...props }, ref) {
    return (
      <button
        ref={ref}
        type="button"
        title={email}
        className="flex h-9 items-center gap-1 rounded-full border border-stone-200 py-0.5 pr-1.5 pl-0.5 hover:bg-stone-100 data-[state=open]:bg-stone-100"
        data-testid="account-menu-button"
        {...props}
      >
        <span
          aria-hidden="true"
          className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white uppercase"
        >
          {email.charAt(0)}
        </span>
        <span className="sr-only">Compte {email}</span>
        <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4 text-stone-500" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
    );
  },
);
