// The page's one form kit (spec section 5). Field messages are keyed by their path as the server names
// them ('email', 'prices.0.term_unit'): a form's own zod check and the server's 422 answer land in the
// same shape, each field in error carries the error-input class, and after a failed check the first one
// is scrolled into view with the keyboard on its input.
import { type RefObject, useEffect, useState } from 'react';
import type { output, ZodType } from 'zod';
import { isApiError } from './api-error';

export type FieldErrors = Record<string, string>;
export type FieldMessages<K extends string> = Partial<Record<K, string>>;

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

/** The first message for each top-level field of a failed parse (flat forms). */
export function messagesOf<K extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldMessages<K> {
  const messages: FieldMessages<K> = {};
  for (const issue of issues) messages[String(issue.path[0] ?? '') as K] ??= issue.message;
  return messages;
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

/** The server's field messages (422) for the fields a flat form shows. */
export function serverMessages<K extends string>(error: unknown, fields: readonly K[]): FieldMessages<K> {
  const all = serverFieldErrors(error) ?? {};
  const messages: FieldMessages<K> = {};
  for (const field of fields) if (all[field]) messages[field] = all[field];
  return messages;
}

/** Extra props for a field: the error-input class while it shows a message. */
export const errorClass = (message: string | undefined) => ({
  className: message ? ERROR_INPUT_CLASS : undefined,
});

/** Props that show a field's message and mark it for scrolling to. */
export function errorProps(errors: FieldErrors, key: string) {
  const error = errors[key];
  return { error, ...errorClass(error) };
}

/** Brings the first field in error inside `root` into view and puts the keyboard on it. */
export function scrollToFirstError(root: ParentNode = document): void {
  const first = root.querySelector<HTMLElement>(`.${ERROR_INPUT_CLASS}`);
  if (!first) return;
  first.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  const focusable = 'input, select, textarea, button';
  const input = first.matches(focusable) ? first : first.querySelector<HTMLElement>(focusable);
  input?.focus({ preventScroll: true });
}

/** Call the returned function after setting errors: the scroll happens once they are on screen. */
export function useScrollToFirstError(root?: RefObject<HTMLElement | null>): () => void {
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures > 0) scrollToFirstError(root?.current ?? document);
  }, [failures, root]);
  return () => setFailures((count) => count + 1);
}

/** What a text input bound to a form field takes. */
export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  className: string | undefined;
  onChange: (event: { currentTarget: { value: string } }) => void;
}

type FormSchema = ZodType<unknown, Record<string, string>>;
type SchemaOf<Source> = Source extends () => Promise<infer S extends FormSchema> ? S : Source;

/**
 * A small form state for screens with a handful of text fields: values, one message per field, a check.
 * The schema may be a loader (a first screen's form, lib/on-demand): it starts loading when a field is
 * first changed, and the check then answers once it has it (a promise); with a schema it answers at once.
 */
export function useZodForm<Source extends FormSchema | (() => Promise<FormSchema>)>(
  schema: Source,
  initial: Record<keyof output<SchemaOf<Source>> & string, string>,
) {
  type S = SchemaOf<Source>;
  type Field = keyof output<S> & string;
  type Checked = output<S> | null;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldMessages<Field>>({});

  const setValue = (field: Field, value: string) => {
    // Ready by the time the form is sent; a failed download is tried again by the check.
    if (typeof schema === 'function') schema().catch(() => undefined);
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field stops showing its old message.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const apply = (loaded: FormSchema): Checked => {
    const parsed = loaded.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data as Checked;
    }
    setErrors(messagesOf<Field>(parsed.error.issues));
    return null;
  };

  /** The parsed values, or null after showing the messages. */
  const check = (() =>
    typeof schema === 'function'
      ? schema().then(apply)
      : apply(schema as FormSchema)) as () => Source extends FormSchema ? Checked : Promise<Checked>;

  /** Props for a Mantine input bound to a field, marked for scrolling to while it shows a message. */
  const field = (name: Field): BoundField => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => setValue(name, event.currentTarget.value),
    ...errorClass(errors[name]),
  });

  return { values, errors, setErrors, setValue, check, field };
}
