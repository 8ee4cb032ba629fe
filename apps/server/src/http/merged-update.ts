// The record after an update call (absent fields unchanged), checked against the record's whole schema.
import { withGiven } from '@gym/domain/update-body';
import type { z } from 'zod';
import { validationError } from './app-error';
import { fieldErrorsFromIssues } from './validation';

/**
 * Lays the given fields over the stored ones and validates the result, so rules across fields (a term
 * amount needs its unit) hold for what is saved, with the usual 422 answer when they do not.
 */
export function mergedUpdate<S extends z.ZodType>(
  schema: S,
  stored: Record<string, unknown>,
  given: Record<string, unknown>,
): z.output<S> {
  const result = schema.safeParse(withGiven(stored, given));
  if (!result.success) throw validationError(fieldErrorsFromIssues(result.error.issues));
  return result.data;
}
