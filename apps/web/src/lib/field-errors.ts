// Field messages keyed by their path as the server names them ('email', 'gyms.0.id'): the form's own zod
// check and the server's 422 answer land in the same shape, and the first field in error is scrolled to
// (spec section 5).
import type { output, ZodType } from 'zod';
import { isApiError } from './api-error';

export type FieldErrors = Record<string, string>;

export const ERROR_INPUT_CLASS = 'error-input';

/** The first message for each path; `prefix` nests them ('prices.0.' for a price inside an offering). */
export function errorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix = '',
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[prefix + issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** The payload checked by a schema: the parsed input, or the first message for each field. */
export function checkPayload<S extends ZodType>(
  schema: S,
  payload: unknown,
): { input: output<S>; errors: FieldErrors } | { input: null; errors: FieldErrors } {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return { input: parsed.data, errors: {} };
  return { input: null, errors: errorsFromIssues(parsed.error.issues) };
}

/** The server's first message per field (422), or null when the failure was not about fields. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const entries = Object.entries(error.errors).flatMap(([key, messages]) =>
    messages[0] === undefined ? [] : [[key, messages[0]] as const],
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** Props that show a field's message and mark it for scrolling to. */
export function errorProps(errors: FieldErrors, key: string) {
  const error = errors[key];
  return { error, className: error ? ERROR_INPUT_CLASS : undefined };
}

/** Brings the first field in error inside `root` into view and puts the keyboard on it. */
export function scrollToFirstError(root: ParentNode = document): void {
  const first = root.querySelector<HTMLElement>(`.${ERROR_INPUT_CLASS}`);
  if (!first) return;
  first.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  const input = first.matches('input, select, textarea')
    ? first
    : first.querySelector<HTMLElement>('input, select, textarea');
  input?.focus({ preventScroll: true });
}
