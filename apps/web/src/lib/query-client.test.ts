import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { isShownElsewhere, shouldRetry } from './query-client';

describe('query retries', () => {
  it('retries failures that may pass, twice at most', () => {
    const network = new ApiError(0, 'offline', { code: 'network_error' });
    expect(shouldRetry(0, network)).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'down'))).toBe(true);
    expect(shouldRetry(2, network)).toBe(false);
  });

  it('never retries client errors, time-outs or faults in the page', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429])
      expect(shouldRetry(0, new ApiError(status, 'no'))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'slow', { code: 'timeout' }))).toBe(false);
    expect(shouldRetry(0, new TypeError('x is undefined'))).toBe(false);
  });
});

describe('failed action toasts', () => {
  it('leave sign-in problems to the redirects and field errors to the form', () => {
    expect(isShownElsewhere(new ApiError(401, 'Unauthenticated.'))).toBe(true);
    expect(isShownElsewhere(new ApiError(400, 'Code', { code: 'not_two_factor_authenticated' }))).toBe(true);
    expect(
      isShownElsewhere(new ApiError(422, 'Value is required', { errors: { name: ['Value is required'] } })),
    ).toBe(true);
    expect(isShownElsewhere(new ApiError(409, 'This price has subscriptions.'))).toBe(false);
    expect(isShownElsewhere(new Error('boom'))).toBe(false);
  });
});
