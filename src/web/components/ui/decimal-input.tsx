import { forwardRef, type FocusEvent, type InputHTMLAttributes } from 'react';
import { frenchDecimalText } from '../../../shared/decimal.ts';
import { cn } from '../../lib/cn.ts';

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'value' | 'defaultValue' | 'onChange'
>;

export interface DecimalInputProps extends NativeProps {
  /** The text as typed; src/shared/number-rules.ts reads it (« 0,25 » and « 0.25 » alike). */
  value: string;
  onValueChange: (text: string) => void;
  /** Decimals kept when the value is rewritten in French on leaving the field. */
  maxDigits?: number;
  /** « 9,50 » for prices. */
  minDigits?: number;
  /** Whole numbers (servings, minutes): the phone shows digits only. */
  integer?: boolean;
}

/**
 * The props that make an input a French number field. Never `type="number"`: Chromium in
 * English reads « 0,25 » as 25 there (issue 15). Text with a decimal keyboard instead,
 * rewritten « 0,25 » when the owner leaves it; anything else stays visible for its error.
 */
export function decimalInputProps({
  value,
  onValueChange,
  maxDigits = 3,
  minDigits = 0,
  integer = false,
  onBlur,
}: DecimalInputProps) {
  return {
    type: 'text',
    inputMode: integer ? ('numeric' as const) : ('decimal' as const),
    autoComplete: 'off',
    spellCheck: false,
    value,
    onChange: (event: { target: { value: string } }) => onValueChange(event.target.value),
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      const french = frenchDecimalText(value, integer ? 0 : maxDigits, minDigits);
      if (french !== value) onValueChange(french);
      onBlur?.(event);
    },
  };
}

/** A bare French number box, for fields outside a react-hook-form (the ingredient lines). */
export const DecimalInput = forwardRef<HTMLInputElement, DecimalInputProps>(function DecimalInput(props, ref) {
  const { value, onValueChange, maxDigits, minDigits, integer, onBlur, className, ...rest } = props;
  return (
    <input
      ref={ref}
      {...rest}
      {...decimalInputProps({ value, onValueChange, maxDigits, minDigits, integer, onBlur })}
      className={cn(
        'h-9 rounded-lg border px-2 text-sm tabular-nums',
        rest['aria-invalid'] ? 'border-red-500' : 'border-stone-500',
        className,
      )}
    />
  );
});
