import type { ErrorCode } from '../../../shared/api/errors.ts';

/** docs/product/api.md « Errors »: the status each code goes with. */
export const STATUS_OF: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  plan_limit: 403,
  not_found: 404,
  conflict: 409,
  in_use: 409,
  payload_too_large: 413,
  validation: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

/** Words that give an English message away (French « invalide » does not match `invalid\b`). */
export const ENGLISH_WORDS =
  /\b(the|invalid|expected|required|must|should|error|not found|too (big|small|long|short))\b/i;

/**
 * What is wrong with an error answer, as a list of sentences (empty when it follows docs/product/api.md):
 * `{error: {code, message, fields?}}`, the code known and matching the status, the message
 * (and each field message) French and non-empty.
 */
export function errorShapeProblems(status: number, body: unknown, contentType: string | null): string[] {
  const problems: string[] = [];
  if (!/^application\/json\b/i.test(contentType ?? '')) problems.push(`content-type is ${contentType}`);
  if (typeof body !== 'object' || body === null || !('error' in body))
    return [...problems, `body is not {error}: ${preview(body)}`];
  const error = (body as { error: unknown }).error as { code?: unknown; message?: unknown; fields?: unknown };
  if (typeof error !== 'object' || error === null) return [...problems, 'error is not an object'];
  // `conflict` goes only with a 409 of a stale version (src/shared/api/versions.ts).
  const allowed = ['code', 'message', 'fields', ...(error.code === 'conflict' ? ['conflict'] : [])];
  const extra = Object.keys(error).filter((key) => !allowed.includes(key));
  if (extra.length) problems.push(`unexpected keys in error: ${extra.join(', ')}`);
  if (typeof error.code !== 'string' || !(error.code in STATUS_OF)) problems.push(`unknown code ${String(error.code)}`);
  else if (STATUS_OF[error.code as ErrorCode] !== status) problems.push(`code ${error.code} with status ${status}`);
  problems.push(...messageProblems('message', error.message));
  if (error.fields !== undefined) {
    if (typeof error.fields !== 'object' || error.fields === null) problems.push('fields is not an object');
    else
      for (const [field, message] of Object.entries(error.fields))
        problems.push(...messageProblems(`fields.${field}`, message));
  }
  return problems;
}

function messageProblems(label: string, message: unknown): string[] {
  if (typeof message !== 'string' || message.trim() === '') return [`${label} is empty`];
  if (ENGLISH_WORDS.test(message)) return [`${label} looks English: « ${message} »`];
  // Any French message of the app has at least one letter; a bare code or number is not a message.
  if (!/\p{L}{2,}/u.test(message)) return [`${label} is not a sentence: « ${message} »`];
  return [];
}

export function preview(value: unknown, max = 300): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}
