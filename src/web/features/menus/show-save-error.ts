import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { messages } from '../../../shared/messages.ts';
import { ApiError } from '../../lib/api.ts';

/** A 422 puts the server's French messages next to the fields; anything else shows `fallback`. */
export function showSaveError<T extends FieldValues>(error: unknown, form: UseFormReturn<T>, fields: readonly string[], fallback: string) {
  if (error instanceof ApiError && error.code === 'validation') {
    for (const [field, message] of Object.entries(error.fields)) {
      if (fields.includes(field)) form.setError(field as Path<T>, { message });
    }
    toast.error(messages.generic.validationTitle, { description: error.message });
  } else toast.error(fallback);
}
