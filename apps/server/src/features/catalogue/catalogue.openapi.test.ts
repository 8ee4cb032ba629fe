import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI document', () => {
  it('describes every offering and price call from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    const calls = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /api/gyms/{gym_id}/offerings',
        'GET /api/offerings',
        'GET /api/offerings/{id}',
        'POST /api/offerings',
        'PUT /api/offerings/{id}',
        'DELETE /api/offerings/{id}',
        'DELETE /api/offerings/{id}/archive',
        'GET /api/offerings/{id}/prices',
        'GET /api/gyms/{gym_id}/offerings/{offering_id}/unique-memberships',
        'POST /api/offerings/{id}/prices',
        'PUT /api/prices/{id}',
        'DELETE /api/prices/{id}/archive',
        'POST /api/prices/{id}/restore',
        'DELETE /api/prices/{id}',
        'POST /api/prices/{price_id}/pro-rata',
        'POST /api/prices/{id}/private-links',
        'GET /api/organisations/{id}/prices',
      ]),
    );
    const create = paths['/api/offerings']?.post as {
      requestBody: { content: Record<string, { schema: { properties: object } }> };
    };
    expect(Object.keys(create.requestBody.content['application/json']!.schema.properties)).toEqual(
      expect.arrayContaining(['name', 'type', 'gyms', 'hours', 'prices', 'gym_id']),
    );
  });
});
