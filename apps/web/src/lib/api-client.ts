// The page's only way to the API: same origin, cookies, the script header, JSON in and out, a time-out,
// and one ApiError for every failure.
import type { output, ZodType } from 'zod';
import { type Query, queryString } from '@/config/paths';
import {
  ApiError,
  apiErrorFromResponse,
  INVALID_RESPONSE,
  NETWORK_ERROR,
  NO_CONNECTION_MESSAGE,
  TIMEOUT_ERROR,
} from './api-error';
import { reportError } from './sentry';

export const API_TIMEOUT_MS = 26_000;

/**
 * A schema that loads when it is first needed (`onDemand(() => import(...))`, lib/on-demand): what a
 * site's first screen runs names its schemas this way, so zod and the schemas are not in its first script.
 */
export type SchemaLoader<S extends ZodType = ZodType> = () => Promise<S>;
type SchemaSource = ZodType | SchemaLoader;

export interface RequestOptions<S extends SchemaSource | undefined = undefined> {
  query?: Query;
  headers?: Record<string, string>;
  /** Cancels the call, e.g. React Query's signal. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Checks (and types) the answer; a mismatch fails as an ApiError with code 'invalid_response'. A loader
   * is called once an answer has arrived to be checked (not for failures, which need no schema).
   */
  schema?: S;
  /** Keep this failure from the global handler (sign-in redirects): the caller deals with it. */
  skipErrorHandler?: boolean;
}

type Answer<T, S> = S extends SchemaLoader<infer Z> ? output<Z> : S extends ZodType ? output<S> : T;

export type ApiErrorHandler = (error: ApiError) => void;
let errorHandler: ApiErrorHandler | null = null;

/** One app-wide listener for failed calls (the router sends 401s to sign-in); returns its remover. */
export function setApiErrorHandler(handler: ApiErrorHandler | null): () => void {
  errorHandler = handler;
  return () => {
    if (errorHandler === handler) errorHandler = null;
  };
}

function fail(error: ApiError, options: { skipErrorHandler?: boolean }): never {
  if (!options.skipErrorHandler) errorHandler?.(error);
  throw error;
}

async function send(method: string, path: string, body: unknown, options: Omit<RequestOptions, 'schema'>) {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...options.headers,
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(path + queryString(options.query), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal,
    });
  } catch (cause) {
    // The caller's own cancellation stays an AbortError, as React Query expects.
    if (options.signal?.aborted) throw cause;
    const error = timeout.aborted
      ? new ApiError(0, 'The server took too long to answer. Please try again.', {
          code: TIMEOUT_ERROR,
          cause,
        })
      : new ApiError(0, NO_CONNECTION_MESSAGE, {
          code: NETWORK_ERROR,
          cause,
        });
    return fail(error, options);
  }
  if (!response.ok) return fail(await apiErrorFromResponse(response), options);
  return response;
}

async function readAnswer(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  return (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
}

export async function request<T = unknown, S extends SchemaSource | undefined = undefined>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions<S> = {},
): Promise<Answer<T, S>> {
  const response = await send(method, path, body, options);
  const unreadable = (cause: unknown) => {
    reportError(cause, { method, path });
    const message = 'The server sent an answer this page cannot read. Please reload and try again.';
    return fail(new ApiError(response.status, message, { code: INVALID_RESPONSE, cause }), options);
  };
  let answer: unknown;
  try {
    answer = await readAnswer(response);
  } catch (cause) {
    return unreadable(cause);
  }
  if (!options.schema) return answer as Answer<T, S>;
  let schema: ZodType;
  try {
    schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
  } catch (cause) {
    // The schema's code did not arrive (offline, or a new release replaced it): as a call that failed.
    return fail(new ApiError(0, NO_CONNECTION_MESSAGE, { code: NETWORK_ERROR, cause }), options);
  }
  const parsed = schema.safeParse(answer);
  return parsed.success ? (parsed.data as Answer<T, S>) : unreadable(parsed.error);
}

export interface Download {
  blob: Blob;
  /** From the Content-Disposition header, when the server names the file. */
  filename: string | null;
}

function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded.trim());
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/** A file answer (exports): the bytes and the server's file name. */
async function download(
  path: string,
  options: RequestOptions & { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<Download> {
  const response = await send(options.method ?? 'GET', path, options.body, options);
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition')) };
}

export const api = {
  get: <T = unknown, S extends SchemaSource | undefined = undefined>(
    path: string,
    options?: RequestOptions<S>,
  ) => request<T, S>('GET', path, undefined, options),
  post: <T = unknown, S extends SchemaSource | undefined = undefined>(
    path: string,
    body?: unknown,
    options?: RequestOptions<S>,
  ) => request<T, S>('POST', path, body, options),
  put: <T = unknown, S extends SchemaSource | undefined = undefined>(
    path: string,
    body?: unknown,
    options?: RequestOptions<S>,
  ) => request<T, S>('PUT', path, body, options),
  del: <T = unknown, S extends SchemaSource | undefined = undefined>(
    path: string,
    options?: RequestOptions<S>,
  ) => request<T, S>('DELETE', path, undefined, options),
  download,
};
