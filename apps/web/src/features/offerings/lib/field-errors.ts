// Field messages keyed by their path as the server names them ('name', 'prices.0.term_unit'): the form's
// own check (zod issues) and the server's 422 answer land in the same shape.
import { isApiError } from '@/lib/api-error';

export type FieldErrors = Record<string, string>;

/** The first message for each path; `prefix` nests them ('prices.0.' for a price inside an offering). */
export function errorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix = '',
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = prefix + issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The server's field messages (first per field), or null when the failure was not about fields. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const entries = Object.entries(error.errors).flatMap(([key, messages]) =>
    messages[0] === undefined ? [] : [[key, messages[0]] as const],
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** Props that show a field's message and mark it for scrolling to (see useScrollToFirstError). */
export function errorProps(errors: FieldErrors, key: string) {
  const error = errors[key];
  return { error, className: error ? ERROR_INPUT_CLASS : undefined };
}

export const ERROR_INPUT_CLASS = 'error-input';
