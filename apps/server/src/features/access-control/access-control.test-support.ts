// Shared steps of the access-control route tests: the calls, connecting Kisi through the real route,
// and reading or arranging the Kisi simulator through its own API (as the organisation's key).
import { SANDBOX_DEFAULTS } from '@gym/sandbox';
import { expect } from 'vitest';
import { pageRequest, type TestApp } from '../../test/test-app';

export const KISI_KEY = SANDBOX_DEFAULTS.kisiApiKey;

type Method = 'GET' | 'POST' | 'PUT';

export function accessCalls(t: TestApp) {
  const send = (method: Method, url: string, cookie: string, payload?: unknown) =>
    t.app.inject(
      pageRequest({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) }),
    );
  return {
    send,
    integration: (organisationId: number, cookie: string) =>
      send('GET', `/api/organisations/${organisationId}/access-control/integration`, cookie),
    saveIntegration: (organisationId: number, cookie: string, payload: unknown) =>
      send('POST', `/api/organisations/${organisationId}/access-control/integration`, cookie, payload),
    places: (organisationId: number, cookie: string) =>
      send('GET', `/api/organisations/${organisationId}/access-control/places`, cookie),
    linkPlace: (gymId: number, cookie: string, placeId: unknown) =>
      send('POST', `/api/gyms/${gymId}/access-control/places`, cookie, { place_id: placeId }),
    doors: (organisationId: number, placeId: number | string, cookie: string) =>
      send('GET', `/api/organisations/${organisationId}/access-control/places/${placeId}/doors`, cookie),
    setDoor: (organisationId: number, placeId: number, doorId: number, cookie: string, payload: unknown) =>
      send(
        'PUT',
        `/api/organisations/${organisationId}/access-control/places/${placeId}/doors/${doorId}`,
        cookie,
        payload,
      ),
    staffAccess: (staffId: number, cookie: string) =>
      send('POST', `/api/staff/${staffId}/kisi-access`, cookie),
  };
}

/** Connects the organisation to the sandbox's Kisi through the route, as its admin. */
export async function connectKisi(t: TestApp, organisationId: number, cookie: string) {
  const res = await accessCalls(t).saveIntegration(organisationId, cookie, {
    integration_type: 'kisi',
    api_key: KISI_KEY,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The Kisi simulator's API, as the organisation's owner key. */
export function kisiApi(t: TestApp) {
  const request = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${t.sandbox.kisi.url}${path}`, {
      method,
      headers: { authorization: `KISI-LOGIN ${KISI_KEY}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
    return response.json();
  };
  return {
    seed: () => t.sandbox.controls.kisi.seed(),
    createPlace: async (name: string) => (await t.providers.kisi(KISI_KEY).createPlace({ name })).id,
    createDoor: async (placeId: number, name: string) =>
      ((await request('POST', '/locks', { lock: { name, place_id: placeId } })) as { id: number }).id,
    roleAssignments: async (userId: number) =>
      (await request('GET', `/role_assignments?user_id=${userId}`)) as {
        id: number;
        role_id: string;
        place_id: number | null;
      }[],
  };
}
