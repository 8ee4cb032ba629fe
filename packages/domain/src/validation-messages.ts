// The spec's generic validation messages (section 5) and the zod building blocks that use them.
import { z } from 'zod';

export const VALUE_REQUIRED = 'Value is required';
export const INVALID_EMAIL = 'Value is not a valid email address';
/** For a field required only because of another field's value. */
export const CONDITIONALLY_REQUIRED = 'The value is required';

export function mustEqualMessage(other: string): string {
  return `The value must be equal to the ${other} value`;
}

export function maxValueMessage(max: string | number): string {
  return `The maximum value allowed is ${max}`;
}

export function minValueMessage(min: string | number): string {
  return `The minimum value allowed is ${min}`;
}

/**
 * A list in a request body, of at most `max` items: a bound no gym reaches, so no request makes the
 * server read thousands of entries. A longer list is refused with the spec's maximum message alone (its
 * items are then not reported one by one).
 */
export function boundedList<T extends z.ZodType>(item: T, max: number, params?: { error: string }) {
  return z.array(item, params).max(max, { error: maxValueMessage(max) });
}

/** The longest lists a request may carry, far beyond any gym's. */
export const LIST_LIMITS = {
  /** Gyms named in one request (an offering's, a staff member's roles). */
  gyms: 500,
  /** Prices created with one offering. */
  prices: 100,
  /** Opening hours of one offering (several a day). */
  hours: 100,
} as const;

/** Empty for the spec's purposes: missing, null, or text that is only whitespace. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

// zod reports a missing key and a wrong type through the same error hook; both read as "required"
// when nothing usable was given.
export const requiredOr =
  (otherwise: string) =>
  (issue: { input?: unknown }): string =>
    isBlank(issue.input) ? VALUE_REQUIRED : otherwise;

/** A required text field: whitespace-only counts as empty; the value comes out trimmed. */
export function requiredString(options: { max?: number } = {}) {
  const max = options.max ?? 255;
  return z
    .string({ error: requiredOr('Value must be text') })
    .trim()
    .min(1, { error: VALUE_REQUIRED })
    .max(max, { error: `Value must be at most ${max} characters` });
}

/**
 * Optional text: absent stays absent (an update leaves the field unchanged), while null or blank
 * becomes null (cleared), so the database never stores ''.
 */
export function optionalString(options: { max?: number } = {}) {
  const max = options.max ?? 5000;
  return z
    .string({ error: 'Value must be text' })
    .trim()
    .max(max, { error: `Value must be at most ${max} characters` })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value === null || value === '' ? null : value));
}

/** A required email address, trimmed (not lower-cased: the mailbox part may be case-sensitive). */
export function email() {
  return z
    .string({ error: requiredOr(INVALID_EMAIL) })
    .trim()
    .min(1, { error: VALUE_REQUIRED })
    .max(254, { error: INVALID_EMAIL })
    .pipe(z.email({ error: INVALID_EMAIL }));
}

/** A required choice among fixed values: missing reads 'Value is required', a stray value says so. */
export function requiredEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: requiredOr(`Value must be one of: ${values.join(', ')}`) });
}

/** A required whole number within bounds, with the spec's maximum message. */
export function requiredInteger(options: { min?: number; max: number; formatMax?: (max: number) => string }) {
  const min = options.min ?? 0;
  const shownMax = options.formatMax ? options.formatMax(options.max) : options.max;
  return z
    .number({ error: requiredOr('Value must be a number') })
    .int({ error: 'Value must be a whole number' })
    .min(min, { error: minValueMessage(min) })
    .max(options.max, { error: maxValueMessage(shownMax) });
}

/**
 * Params for an object-level superRefine that should run even when a field already failed, so a form
 * shows every error at once (zod skips refinements after field errors by default). The refinement must
 * then read fields as unknown.
 */
export const EVEN_WITH_FIELD_ERRORS = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** A database id as the API carries it (bigint identity, JSON number). */
export const idSchema = z
  .number({ error: requiredOr('Value must be an id') })
  .int()
  .positive();
