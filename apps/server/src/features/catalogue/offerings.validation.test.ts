// Every validation message of spec section 5 an offering payload can meet, as the API answers it (422).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { caller, offeringPayload } from './catalogue.test-support';

let t: TestApp;
let home: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let admin: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db);
  other = await createTenant(t.db);
  admin = caller(t, await signIn(t.app, home.admin.email));
});
afterAll(() => t.close());

async function errorsOf(payload: unknown, method: 'POST' | 'PUT' = 'POST', url = '/api/offerings') {
  const res = method === 'POST' ? await admin.post(url, payload) : await admin.put(url, payload);
  expect(res.statusCode, res.body).toBe(422);
  return res.json().errors as Record<string, string[]>;
}

describe('offering payload validation', () => {
  it('requires a name (whitespace is empty) and a type', async () => {
    const errors = await errorsOf(offeringPayload([home.gymA.id], { name: '   ', type: undefined }));
    expect(errors.name).toEqual(['Value is required']);
    expect(errors.type).toEqual(['Value is required']);
  });

  it("says 'Add at least one day' for Limited Hours with mandated hours and none given", async () => {
    expect(await errorsOf(offeringPayload([home.gymA.id], { hours: [] }))).toEqual({
      hours: ['Add at least one day'],
    });
    const notMandated = await admin.post(
      '/api/offerings',
      offeringPayload([home.gymA.id], { hours: [], hours_mandated: false }),
    );
    expect(notMandated.statusCode).toBe(201);
  });

  it("says 'Select at least one gym' when not all-gyms and no gym is chosen", async () => {
    expect(await errorsOf(offeringPayload([]))).toEqual({ gyms: ['Select at least one gym'] });
  });

  it('requires day, open_at and close_at of each opening-hours entry, and open before close', async () => {
    const errors = await errorsOf(
      offeringPayload([home.gymA.id], {
        hours: [
          {},
          { day: 8, open_at: '25:00', close_at: '10:00' },
          { day: 2, open_at: '18:00', close_at: '09:00' },
        ],
      }),
    );
    expect(errors['hours.0.day']).toEqual(['Value is required']);
    expect(errors['hours.0.open_at']).toEqual(['Value is required']);
    expect(errors['hours.0.close_at']).toEqual(['Value is required']);
    expect(errors['hours.1.day']).toEqual(['Value must be a day from 1 (Monday) to 7 (Sunday)']);
    expect(errors['hours.1.open_at']).toEqual(['Value must be a time between 00:00 and 23:59']);
    expect(errors['hours.2.close_at']).toEqual(['The closing time must be after the opening time']);
  });

  it('refuses opening hours that overlap on the same day', async () => {
    const errors = await errorsOf(
      offeringPayload([home.gymA.id], {
        hours: [
          { day: 1, open_at: '06:00', close_at: '12:00' },
          { day: 1, open_at: '12:00', close_at: '14:00' },
          { day: 1, open_at: '11:00', close_at: '13:00' },
        ],
      }),
    );
    expect(errors).toEqual({ 'hours.2.open_at': ['These hours overlap other hours on the same day'] });
  });

  it('validates each price with the price messages', async () => {
    const errors = await errorsOf(
      offeringPayload([home.gymA.id], {
        prices: [
          {},
          { amount: 2500, billing_frequency: 'weekly', term_amount: 12 },
          { amount: 2500, billing_frequency: 'weekly', term_unit: 'months' },
        ],
      }),
    );
    expect(errors).toEqual({
      'prices.0.amount': ['Value is required'],
      'prices.0.billing_frequency': ['Value is required'],
      'prices.1.term_unit': ['Please select a term unit'],
      'prices.2.term_amount': ['Please enter a term amount'],
    });
  });

  it('accepts only gyms of this organisation', async () => {
    expect(await errorsOf(offeringPayload([home.gymA.id, other.gymA.id]))).toEqual({
      gyms: ['Select gyms of this organisation'],
    });
    expect(await errorsOf(offeringPayload([other.gymA.id], { gym_id: other.gymA.id }))).toEqual({
      gyms: ['Select gyms of this organisation'],
      gym_id: ['Select a gym of this organisation'],
    });
  });

  it('keeps a single-gym offering to its own gym', async () => {
    expect(await errorsOf(offeringPayload([home.gymA.id, home.gymB.id], { gym_id: home.gymA.id }))).toEqual({
      gyms: ['A single-gym offering opens only its own gym'],
    });
    expect(await errorsOf(offeringPayload([], { gym_id: home.gymA.id, all_gyms_access: true }))).toEqual({
      all_gyms_access: ['A single-gym offering cannot give access to all gyms'],
    });
  });

  it('validates the update payload the same way: each field given, then the offering it would make', async () => {
    const created = (await admin.post('/api/offerings', offeringPayload([home.gymA.id]))).json().data;
    const url = `/api/offerings/${created.id}`;
    expect(await errorsOf(offeringPayload([], { name: '' }), 'PUT', url)).toEqual({
      name: ['Value is required'],
    });
    expect(await errorsOf(offeringPayload([]), 'PUT', url)).toEqual({ gyms: ['Select at least one gym'] });
    // A field left out keeps its value, so the rules hold for the stored one.
    expect(await errorsOf({ gyms: [] }, 'PUT', url)).toEqual({ gyms: ['Select at least one gym'] });
  });

  it('validates path and query parameters', async () => {
    expect((await admin.get('/api/offerings/abc')).statusCode).toBe(422);
    expect((await admin.get('/api/offerings/0')).statusCode).toBe(422);
    const list = await admin.get('/api/offerings?type=gym&archived=maybe&per_page=500');
    expect(list.statusCode).toBe(422);
    expect(Object.keys(list.json().errors).sort()).toEqual(['archived', 'per_page', 'type']);
    expect((await admin.get('/api/gyms/x/offerings')).json().errors.gym_id).toBeDefined();
  });
});
