// Stripe's error body `{error: {type, code, message, param, …}}` and the statuses the SDK maps to
// its error classes (400/404 StripeInvalidRequestError, 401 auth, 402 StripeCardError, 403 permission).
import { ProviderHttpError } from '../shared/http';
import type { CardFailure } from './cards';
import type { StripeErrorObject } from './types';

export const docUrl = (code: string): string =>
  `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

export class StripeApiError extends ProviderHttpError {
  constructor(status: number, error: StripeErrorObject) {
    super(status, { error });
  }
}

export function invalidRequest(
  message: string,
  options: { param?: string; code?: string; status?: number; extra?: Record<string, unknown> } = {},
): StripeApiError {
  return new StripeApiError(options.status ?? 400, {
    type: 'invalid_request_error',
    message,
    ...(options.code ? { code: options.code, doc_url: docUrl(options.code) } : {}),
    ...(options.param ? { param: options.param } : {}),
    ...options.extra,
  });
}

export const resourceMissing = (label: string, id: string, param?: string): StripeApiError =>
  invalidRequest(`No such ${label}: '${id}'`, { code: 'resource_missing', param, status: 404 });

export const missingParam = (param: string): StripeApiError =>
  invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

/** The error object of a declined card (also stored as `last_payment_error` / `last_setup_error`). */
export function cardErrorObject(
  failure: CardFailure,
  extra: Record<string, unknown> = {},
): StripeErrorObject {
  return {
    type: 'card_error',
    code: failure.code,
    decline_code: failure.decline_code,
    message: failure.message,
    doc_url: docUrl(failure.code),
    ...extra,
  };
}

export const cardError = (error: StripeErrorObject): StripeApiError => new StripeApiError(402, error);

export const stripeErrorBody = (status: number, message: string) => ({
  error: {
    type: status >= 500 ? 'api_error' : 'invalid_request_error',
    message: status >= 500 ? 'An unknown error occurred' : message,
  },
});
