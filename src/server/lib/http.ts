import type { Context } from 'hono';
import type { z } from 'zod';
import '../../shared/zod-fr.ts';
import { messages } from '../../shared/messages.ts';
import { AppError } from './errors.ts';

/** Turns zod issues into docs/product/api.md's 422: the first message, and one message per field. */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return new AppError('validation', 422, error.issues[0]?.message ?? messages.generic.invalidFields, fields);
}

export function parseInput<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const result = schema.safeParse(raw);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * PostgreSQL text cannot hold U+0000, and jsonb refuses lone surrogates: such input is
 * refused at the door (422) rather than failing deep in a query.
 */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value);
  if (depth > 64 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => hasUnstorableText(v, depth + 1));
  return Object.entries(value).some(([k, v]) => hasUnstorableText(k, depth + 1) || hasUnstorableText(v, depth + 1));
}

/** A JSON body as a value: 400 for a wrong content type or malformed JSON, 422 for text PostgreSQL cannot hold. */
export async function readJsonValue(c: Context): Promise<unknown> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(contentType))
    throw new AppError('bad_request', 400, messages.generic.badContentType);
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof SyntaxError) throw new AppError('bad_request', 400, messages.generic.badJson);
    throw error;
  }
  if (hasUnstorableText(raw)) throw new AppError('validation', 422, messages.generic.forbiddenCharacters);
  return raw;
}

/** Reads a JSON body: 400 for a wrong content type or malformed JSON, 422 for rule breaks. */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  return parseInput(schema, await readJsonValue(c));
}

export const notFound = () => new AppError('not_found', 404, messages.generic.notFound);
