// One error type for every outside service, so callers can decide without knowing each SDK:
// `unavailable` (network, timeout, 5xx: try again later with the same idempotency key),
// `unauthorized` (our credentials or the member's consent are not accepted), `rejected` (the provider
// refused the request), `not_found`, `invalid_signature` (a webhook that is not the provider's).
export type ProviderName = 'akahu' | 'stripe' | 'kisi';
export type ProviderErrorKind =
  | 'unavailable'
  | 'unauthorized'
  | 'rejected'
  | 'not_found'
  | 'invalid_signature';

export class ProviderError extends Error {
  override name = 'ProviderError';

  constructor(
    readonly provider: ProviderName,
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function kindForStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 408 || status === 429 || status >= 500) return 'unavailable';
  return 'rejected';
}

/** `https://api.example.com:8443` → the host/port/protocol options the SDKs take. */
export function hostOptions(url: string): { protocol: 'http' | 'https'; host: string; port: number } {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: parsed.hostname, port: Number(parsed.port) || (protocol === 'http' ? 80 : 443) };
}

/** First value of a header from Node/fastify's header object. */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}
