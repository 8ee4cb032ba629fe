// The one error every failed API call becomes, built from the server's error body
// (`{message, error, errors?}`, DESIGN.md section 5).

export type FieldErrors = Record<string, string[]>;

export interface PageMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/** Codes the page gives failures that have no server answer. */
export const NETWORK_ERROR = 'network_error';
export const TIMEOUT_ERROR = 'timeout';
export const INVALID_RESPONSE = 'invalid_response';
export const NOT_TWO_FACTOR_AUTHENTICATED = 'not_two_factor_authenticated';

/** No answer: the network failed, or code the page loads on demand (lib/on-demand) did not arrive. */
export const NO_CONNECTION_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export class ApiError extends Error {
  override name = 'ApiError';
  /** The HTTP status; 0 when there was no answer (network failure or time-out). */
  readonly status: number;
  /** The answer's `error` code, e.g. 'not_two_factor_authenticated', or one of the page's codes above. */
  readonly code: string | null;
  /** Field messages of a 422 answer: `{ email: ['Value is required'] }`. */
  readonly errors: FieldErrors;

  constructor(
    status: number,
    message: string,
    options: { code?: string | null; errors?: FieldErrors; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = status;
    this.code = options.code ?? null;
    this.errors = options.errors ?? {};
  }

  /** The first message for a field, for showing beside its input. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }

  /** No answer, or the server failed: worth trying again. Client errors (4xx) are not. */
  get isRetryable(): boolean {
    return (this.status === 0 && this.code === NETWORK_ERROR) || this.status >= 500;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

function fallbackMessage(status: number): string {
  if (status === 401) return 'Please sign in to continue.';
  if (status === 403) return 'You do not have permission to do this.';
  if (status === 404) return 'We could not find what you asked for.';
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return `The request failed (status ${status}).`;
}

function fieldErrors(value: unknown): FieldErrors {
  if (typeof value !== 'object' || value === null) return {};
  const entries = Object.entries(value).map(([field, messages]) => [
    field,
    (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string'),
  ]);
  return Object.fromEntries(entries);
}

/** Reads a non-2xx answer: the body's `message` when present, otherwise its text or a plain description. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const type = response.headers.get('content-type') ?? '';
  let body: unknown = null;
  let text = '';
  try {
    if (type.includes('json')) body = await response.json();
    else text = (await response.text()).trim();
  } catch {
    // An unreadable body still leaves the status to go on.
  }
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const plainText = type.startsWith('text/plain') && text.length > 0 && text.length <= 300 ? text : null;
  const message =
    typeof fields.message === 'string' && fields.message.trim() !== ''
      ? fields.message
      : (plainText ?? fallbackMessage(response.status));
  return new ApiError(response.status, message, {
    code: typeof fields.error === 'string' ? fields.error : null,
    errors: fieldErrors(fields.errors),
  });
}
