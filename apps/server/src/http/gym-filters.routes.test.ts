// A gym filter naming another organisation's gym answers 404 (docs/roles.md), on every call that takes
// one: each `gym_id` query parameter of the OpenAPI document, and the exports that take it in the body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../test/factories';
import { signIn } from '../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../test/test-app';

/** Calls that take the gym filter in their body. */
const BODY_FILTERS = [
  'POST /api/members/export',
  'POST /api/payments/export',
  'POST /api/visits/export',
  'POST /api/reports/at-risk/export',
];

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db, 'Filter Home Gyms');
  other = await createTenant(t.db, 'Filter Other Gyms');
});
afterAll(() => t.close());

interface Operation {
  parameters?: { name: string; in: string }[];
}

describe('another organisation’s gym in a filter', () => {
  it('answers 404 on every call with a gym filter, and the organisation’s own gym is taken', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const calls = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => (op.parameters ?? []).some((p) => p.in === 'query' && p.name === 'gym_id'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(calls).toEqual(expect.arrayContaining(['GET /api/members', 'GET /api/offerings']));
    const cookie = await signIn(t.app, home.admin.email);
    const failures: string[] = [];
    const fill = (path: string) => path.replace('{id}', String(home.organisation.id));
    for (const call of [...calls, ...BODY_FILTERS]) {
      const [method, path] = call.split(' ') as ['GET' | 'POST', string];
      const ask = (gymId: number) =>
        t.app.inject(
          pageRequest({
            method,
            url: method === 'GET' ? `${fill(path)}?gym_id=${gymId}` : fill(path),
            cookie,
            ...(method === 'POST' ? { payload: { gym_id: gymId } } : {}),
          }),
        );
      const theirs = await ask(other.gymA.id);
      if (theirs.statusCode !== 404)
        failures.push(`${call} another organisation's gym → ${theirs.statusCode}`);
      if (theirs.body.includes(other.gymA.name)) failures.push(`${call} shows the other gym's name`);
      const ours = await ask(home.gymA.id);
      if (ours.statusCode !== 200)
        failures.push(`${call} own gym → ${ours.statusCode} ${ours.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
