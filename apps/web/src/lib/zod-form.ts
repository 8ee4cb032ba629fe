// A small form state for screens with a handful of fields (no form library in the page): values,
// one message per field from the zod schema or the server's 422 answer, and a check before sending.
import { useState } from 'react';
import type { output, ZodType } from 'zod';
import { isApiError } from './api-error';

export type FieldMessages<K extends string> = Partial<Record<K, string>>;

/** The first message for each top-level field of a failed parse. */
export function messagesOf<K extends string>(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const messages: FieldMessages<K> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as K;
    messages[field] ??= issue.message;
  }
  return messages;
}

/** The server's field messages (422) for the fields this form shows. */
export function serverMessages<K extends string>(error: unknown, fields: readonly K[]): FieldMessages<K> {
  const messages: FieldMessages<K> = {};
  if (!isApiError(error)) return messages;
  for (const field of fields) {
    const message = error.fieldError(field);
    if (message) messages[field] = message;
  }
  return messages;
}

export function useZodForm<S extends ZodType<unknown, Record<string, string>>>(
  schema: S,
  initial: Record<keyof output<S> & string, string>,
) {
  type Field = keyof output<S> & string;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldMessages<Field>>({});

  const setValue = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field stops showing its old message.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  /** The parsed values, or null after showing the messages. */
  const check = (): output<S> | null => {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(messagesOf<Field>(parsed.error.issues));
    return null;
  };

  /** Props for a Mantine input bound to a field. */
  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => setValue(name, event.currentTarget.value),
  });

  return { values, errors, setErrors, setValue, check, field };
}
