// Turns schema validation failures into the 422 body of DESIGN.md section 5 with the specification's messages.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, type FieldErrors, validationError } from './app-error';

let configured = false;

/** Zod's default messages replaced by the specification's (section 5), for every schema in the process. */
export function configureValidationMessages() {
  if (configured) return;
  configured = true;
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null))
        return 'Value is required';
      if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
        return 'Value is required';
      if (issue.code === 'too_big' && issue.origin === 'number')
        return `The maximum value allowed is ${issue.maximum}`;
      if (issue.code === 'invalid_format' && issue.format === 'email')
        return 'Value is not a valid email address';
      return undefined;
    },
  });
}

export function fieldErrorsFromIssues(issues: readonly { path?: readonly PropertyKey[]; message: string }[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = (issue.path ?? []).map(String).join('.') || '_';
    const list = errors[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}

/** Maps a Fastify validation error (body, query, params, headers) to an AppError, or returns undefined. */
export function toValidationAppError(error: FastifyError): AppError | undefined {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: v.instancePath.split('/').filter(Boolean),
      message: v.message ?? 'Value is invalid',
    }));
    return validationError(fieldErrorsFromIssues(issues));
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return new AppError('bad_request', { message: 'The request body is not valid JSON.' });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AppError('unsupported_media_type');
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('payload_too_large');
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new AppError('bad_request', { message: 'The request body is not valid JSON.' });
  }
  return undefined;
}

const UNSAFE_TEXT = 'This text contains characters that are not allowed';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A NUL byte (which PostgreSQL text cannot hold) or half of a surrogate pair (not text at all). */
const isUnsafeText = (value: string) =>
  value.includes('\u0000') || new RegExp(LONE_SURROGATE.source).test(value);

/** The same text made storable: each NUL byte or lone surrogate becomes U+FFFD. */
export const storableText = (value: string) =>
  value.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');

function unsafePaths(value: unknown, path: string[], found: FieldErrors, depth = 0) {
  if (depth > 64) return;
  if (typeof value === 'string') {
    if (isUnsafeText(value)) found[path.join('.') || '_'] = [UNSAFE_TEXT];
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries())
      unsafePaths(item, [...path, String(index)], found, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (isUnsafeText(key)) found[[...path, '_'].join('.')] = [UNSAFE_TEXT];
      else unsafePaths(item, [...path, key], found, depth + 1);
    }
  }
}

/**
 * Every route, before its schema: text with a NUL byte or a lone surrogate anywhere in the body, query or
 * path is refused (422, at the field) rather than reaching the database as an error. Webhook bodies are
 * raw text, recorded as received (made storable) rather than refused.
 */
export function refuseUnsafeText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const found: FieldErrors = {};
    if (typeof request.body === 'object') unsafePaths(request.body, [], found);
    unsafePaths(request.query, [], found);
    unsafePaths(request.params, [], found);
    if (Object.keys(found).length > 0) throw validationError(found);
  });
}
