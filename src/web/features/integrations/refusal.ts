import { ApiError } from '../../lib/api.ts';

/**
 * A refused creation's French messages next to their fields (`scopes.0` under `scopes`), or the
 * message of the whole form when no field is named.
 */
export function refusalOf(
  error: Error,
  fields: readonly string[],
): { fields: Record<string, string>; form: string | null } {
  if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0)
    return { fields: {}, form: error.message };
  const byField: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields)) {
    const field = fields.find((name) => key === name || key.startsWith(`${name}.`));
    if (field) byField[field] ??= message;
  }
  return { fields: byField, form: Object.keys(byField).length ? null : error.message };
}
