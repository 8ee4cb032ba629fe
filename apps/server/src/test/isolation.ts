// The tenant-isolation harness every feature reuses: for each route, a user of another organisation (or
// a lower role) gets 404/403 and none of the data.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { pageRequest } from './test-app';

export interface IsolationCase {
  name: string;
  request: InjectOptions;
  /** Statuses that count as refused; default 404 (another organisation's record) and 403. */
  refusedWith?: number[];
  /** Strings that must not appear in the answer (names, emails of the other tenant). */
  mustNotContain?: string[];
}

export async function expectIsolated(app: FastifyInstance, cookie: string, cases: IsolationCase[]) {
  for (const c of cases) {
    const res = await app.inject(pageRequest({ ...c.request, cookie }));
    const allowed = c.refusedWith ?? [404, 403];
    expect(allowed, `${c.name}: answered ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(
      res.statusCode,
    );
    for (const secret of c.mustNotContain ?? []) {
      expect(res.body, `${c.name} leaked ${secret}`).not.toContain(secret);
    }
  }
}
