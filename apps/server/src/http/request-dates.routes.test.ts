// Every date in a request lies between 1900-01-01 and 2100-12-31: far dates answer 422 naming the range,
// never a 500 from date maths that cannot hold them (the audit's pause ending 9999-12-31).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  makeWorld,
  todayOf,
  type World,
  weeklyMember,
} from '../features/subscriptions/subscriptions.test-support';
import { createTestApp, type TestApp } from '../test/test-app';

const RANGE = 'Value must be a date from 1900-01-01 to 2100-12-31';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
}, 60_000);
afterAll(() => t.close());

describe('far dates in a request', () => {
  it('a pause ending 9999-12-31 (or starting in 1899) answers 422 naming the range', async () => {
    const { sub } = await weeklyMember(w);
    for (const payload of [
      { start_date: todayOf(t), end_date: '9999-12-31', reason: 'Away' },
      { start_date: todayOf(t), end_date: '2101-01-01', reason: 'Away', dry_run: true },
      { start_date: '1899-12-31', end_date: todayOf(t), reason: 'Away' },
    ]) {
      const res = await call(w, w.cookies.admin, {
        method: 'POST',
        url: `/api/subscriptions/${sub.id}/pause`,
        payload,
      });
      expect(res.statusCode, res.body).toBe(422);
      const field = payload.start_date === '1899-12-31' ? 'start_date' : 'end_date';
      expect(res.json().errors[field]).toEqual([RANGE]);
    }
  });

  it('a member’s date of birth and a pro-rata start outside the range answer 422 naming it', async () => {
    const dob = await call(w, w.cookies.admin, {
      method: 'PUT',
      url: `/api/members/${w.tenant.member.id}`,
      payload: { dob: '0001-01-01' },
    });
    expect(dob.statusCode, dob.body).toBe(422);
    expect(dob.json().errors.dob).toEqual([RANGE]);
    const { priceId } = await weeklyMember(w);
    const proRata = await call(w, w.cookies.admin, {
      method: 'POST',
      url: `/api/prices/${priceId}/pro-rata`,
      payload: { start_date: '2026-01-01', billing_date: '9999-12-31' },
    });
    expect(proRata.statusCode, proRata.body).toBe(422);
    expect(proRata.json().errors.billing_date).toEqual([RANGE]);
  });

  it('the range’s own ends are dates like any other', async () => {
    const res = await call(w, w.cookies.admin, {
      method: 'PUT',
      url: `/api/members/${w.tenant.member.id}`,
      payload: { dob: '1900-01-01' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.dob).toBe('1900-01-01');
  });
});
