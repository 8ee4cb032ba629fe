// Shared steps of the Stripe Connect route tests: the calls, and a person finishing (or leaving) the
// sandbox's onboarding form, which sends the browser back to our /stripe/callback address.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { gyms } from '../../db/schema/index';
import { pageRequest, type TestApp } from '../../test/test-app';

export function stripeCalls(t: TestApp) {
  return {
    redirect: (gymId: number, cookie: string) =>
      t.app.inject(pageRequest({ method: 'POST', url: `/api/gyms/${gymId}/stripe/redirect`, cookie })),
    exchange: (payload: Record<string, unknown>, cookie: string) =>
      t.app.inject(pageRequest({ method: 'POST', url: '/api/stripe/exchange', cookie, payload })),
    status: (gymId: number, cookie: string) =>
      t.app.inject(pageRequest({ method: 'GET', url: `/api/gyms/${gymId}/stripe`, cookie })),
    storedGym: async (gymId: number) => (await t.db.select().from(gyms).where(eq(gyms.id, gymId)))[0]!,
  };
}

/** Submits the onboarding form at `url`; answers where Stripe sends the person back, as a URL. */
export async function submitOnboarding(url: string, action: 'complete' | 'exit'): Promise<URL> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ business_name: 'Sandbox Gym Ltd', action }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

/** The query the callback page sends on: `{gym_id, state}`. */
export function callbackQuery(returnUrl: URL) {
  return {
    gym_id: Number(returnUrl.searchParams.get('gym_id')),
    state: returnUrl.searchParams.get('state') ?? '',
  };
}
