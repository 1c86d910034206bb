import { forwardRef, type ButtonHTMLAttributes } from 'react';
import type { OrganisationSummary } from '../../../shared/api/organisations.ts';
import { ROLE_LABELS } from '../../../shared/permissions.ts';

/**
 * The header's organisation button: the active organisation's name and the account's role in
 * it. The same button stands in while the menu's code loads (organisation-switcher.tsx).
 */
export const SwitcherButton = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { organisation: OrganisationSummary }
>(function SwitcherButton({ organisation, ...props }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      className="flex min-w-0 max-w-40 items-center xl:max-w-64 gap-2 rounded-lg border border-stone-200 px-2.5 py-1 text-left hover:bg-stone-100 data-[state=open]:bg-stone-100"
      data-testid="organisation-switcher"
      {...props}
    >
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold text-stone-900">{organisation.name}</span>
        <span className="block text-xs text-stone-600">{ROLE_LABELS[organisation.role]}</span>
        {/* The visible name and role start the button's name (WCAG 2.5.3, axe « label-content-name-mismatch »). */}
        <span className="sr-only"> · changer d’organisation</span>
      </span>
      <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4 shrink-0 text-stone-500" fill="currentColor">
        <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
      </svg>
    </button>
  );
});
