// One error type for the whole API, and one table from its codes to HTTP statuses and default messages.
const ERROR_CODES = {
  bad_request: { status: 400, message: 'The request could not be understood.' },
  not_two_factor_authenticated: { status: 400, message: 'Enter the code we emailed you to continue.' },
  unauthenticated: { status: 401, message: 'Unauthenticated.' },
  forbidden: { status: 403, message: 'This action is unauthorized.' },
  not_requested_by_page: {
    status: 403,
    message: 'This request must be sent by the page (X-Requested-With header missing).',
  },
  not_found: { status: 404, message: 'Not found.' },
  conflict: { status: 409, message: 'This conflicts with the current state.' },
  payload_too_large: { status: 413, message: 'The upload is too large.' },
  unsupported_media_type: { status: 415, message: 'This content type is not supported.' },
  validation_failed: { status: 422, message: 'The given data was invalid.' },
  rate_limited: { status: 429, message: 'Too many attempts. Please try again later.' },
  provider_unavailable: {
    status: 502,
    message: 'A payment or door provider did not answer. Please try again.',
  },
  internal: { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      errors?: FieldErrors;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(options.message ?? ERROR_CODES[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.errors = options.errors;
    this.headers = options.headers;
  }

  toBody() {
    return { message: this.message, error: this.code, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

/** A 422 with field messages, e.g. `validationError({ email: ['Value is required'] })`. */
export function validationError(errors: FieldErrors, message?: string): AppError {
  const first = Object.values(errors)[0]?.[0];
  return new AppError('validation_failed', {
    errors,
    message: message ?? first ?? ERROR_CODES.validation_failed.message,
  });
}

export const notFound = (what = 'Not found.') => new AppError('not_found', { message: what });
export const forbidden = (message?: string) => new AppError('forbidden', message ? { message } : {});
export const conflict = (message: string) => new AppError('conflict', { message });
