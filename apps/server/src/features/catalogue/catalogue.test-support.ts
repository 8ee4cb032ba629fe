// Test helpers shared by the offerings and prices route tests: calls as a signed-in user, and payloads.
import type { TestApp } from '../../test/test-app';
import { pageRequest } from '../../test/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function caller(t: TestApp, cookie: string) {
  const call = (method: Method, url: string, payload?: unknown) =>
    t.app.inject(
      pageRequest({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) }),
    );
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown = {}) => call('POST', url, payload),
    put: (url: string, payload: unknown) => call('PUT', url, payload),
    del: (url: string) => call('DELETE', url),
  };
}

export const weeklyPrice = (overrides: Record<string, unknown> = {}) => ({
  amount: 2500,
  billing_frequency: 'weekly',
  ...overrides,
});

export function offeringPayload(gymIds: number[], overrides: Record<string, unknown> = {}) {
  return {
    name: 'Off-Peak',
    description: 'Weekdays before 4 pm',
    type: 'limited_access',
    all_gyms_access: false,
    mandated: false,
    hours_mandated: true,
    prices_mandated: false,
    prices: [weeklyPrice()],
    hours: [{ day: 1, open_at: '06:00', close_at: '16:00' }],
    gyms: gymIds,
    ...overrides,
  };
}
