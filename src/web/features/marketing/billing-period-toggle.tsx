import { useId } from 'react';
import type { BillingType } from '../../../shared/api/billing.ts';
import { PRICES } from '../../../shared/plans.ts';
import { cn } from '../../lib/cn.ts';

const options: { value: BillingType; label: string }[] = [
  { value: 'monthly', label: 'Mensuel' },
  { value: 'yearly', label: 'Annuel' },
];

/** « ?billing=yearly » → yearly; anything else → monthly (docs/product/spec.md: default monthly). */
export const parseBillingType = (value: string | null): BillingType => (value === 'yearly' ? 'yearly' : 'monthly');

/**
 * The Mensuel/Annuel switch: two native radio buttons (arrow keys, screen readers) drawn as
 * a segmented control, with the « -33% » badge on the yearly option. Each transparent input
 * covers its whole label, so a tap anywhere on the option hits the input itself.
 */
export function BillingPeriodToggle({
  value,
  onChange,
  legend = 'Période de facturation',
  className,
}: {
  value: BillingType;
  onChange: (value: BillingType) => void;
  legend?: string;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={cn('inline-flex', className)}>
      <legend className="sr-only">{legend}</legend>
      <div className="inline-flex rounded-full border border-stone-300 bg-white p-1 shadow-sm">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative flex cursor-pointer items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
              value === option.value ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
            />
            {option.label}
            {option.value === 'yearly' && (
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs font-bold',
                  value === 'yearly' ? 'bg-white text-brand-800' : 'bg-orange-100 text-orange-800',
                )}
              >
                -{PRICES.yearlySavingPercent}%
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
