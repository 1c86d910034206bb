import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { genericMessages } from '../../shared/messages/generic.ts';
import { ApiError } from './api.ts';

/**
 * Puts an API error next to the fields it names (`fieldMap`: the API's field → the form's),
 * and returns the message for the whole form when no field took it.
 */
export function applyServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fieldMap: Partial<Record<string, Path<T>>>,
): string | null {
  if (!(error instanceof ApiError)) return genericMessages.internal;
  let placed = false;
  for (const [field, text] of Object.entries(error.fields)) {
    const target = fieldMap[field];
    if (!target) continue;
    setError(target, { message: text }, { shouldFocus: !placed });
    placed = true;
  }
  return placed ? null : error.message;
}
