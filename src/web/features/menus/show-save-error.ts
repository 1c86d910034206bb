import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { showValidationToast } from '../../lib/form-error-toast.ts';

/**
 * A 422 puts the server's French messages next to the fields, with the form's error toast
 * (`toastKey`, dismissed once the fields are fixed: useFormErrorToastFollows); anything else shows `fallback`.
 */
export function showSaveError<T extends FieldValues, TOut extends FieldValues = T>(
  error: unknown,
  form: UseFormReturn<T, unknown, TOut>,
  fields: readonly string[],
  fallback: string,
  toastKey: string,
) {
  if (error instanceof ApiError && error.code === 'validation') {
    for (const [field, message] of Object.entries(error.fields)) {
      if (fields.includes(field)) form.setError(field as Path<T>, { message });
    }
    showValidationToast(toastKey, error.message);
  } else toast.error(fallback);
}
