import type { ReactNode } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { decimalInputProps } from './decimal-input.tsx';
import { Field } from './field.tsx';

export interface DecimalFieldProps<T extends FieldValues, TOut extends FieldValues> {
  /** The form's control; its submitted values (TOut) hold the number the schema read. */
  control: Control<T, unknown, TOut>;
  /** A text field of the form; its zod schema turns it into a number (src/shared/number-rules.ts). */
  name: FieldPathByValue<T, string>;
  label: ReactNode;
  hint?: ReactNode;
  maxDigits?: number;
  minDigits?: number;
  integer?: boolean;
  placeholder?: string;
  className?: string;
}

/** A labelled French number field of a react-hook-form, its error under it (docs/conventions.md 10). */
export function DecimalField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  label,
  hint,
  maxDigits,
  minDigits,
  integer,
  placeholder,
  className,
}: DecimalFieldProps<T, TOut>) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  return (
    <Field
      ref={ref}
      name={name}
      label={label}
      hint={hint}
      placeholder={placeholder}
      className={className}
      error={fieldState.error?.message}
      {...decimalInputProps({
        value: (value as string | undefined) ?? '',
        onValueChange: onChange,
        onBlur,
        maxDigits,
        minDigits,
        integer,
      })}
    />
  );
}
