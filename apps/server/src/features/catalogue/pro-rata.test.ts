import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOffering, createPrice } from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { caller } from './catalogue.test-support';

let t: TestApp;
let trainer: ReturnType<typeof caller>;
let monthly: { id: number };
let weekly: { id: number };
let oneOff: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  const home = await createTenant(t.db);
  const org = home.organisation.id;
  trainer = caller(t, await signIn(t.app, home.trainer.email));
  const offering = await createOffering(t.db, { organisationId: org, allGymsAccess: true });
  monthly = await createPrice(t.db, {
    organisationId: org,
    offeringId: offering.id,
    amount: 6000,
    billingFrequency: 'monthly',
    joiningFee: 4900,
  });
  weekly = await createPrice(t.db, {
    organisationId: org,
    offeringId: offering.id,
    amount: 2500,
    billingFrequency: 'weekly',
  });
  oneOff = await createPrice(t.db, {
    organisationId: org,
    offeringId: offering.id,
    amount: 15000,
    billingFrequency: 'one_off',
  });
});
afterAll(() => t.close());

const proRata = (priceId: number, body: unknown) => trainer.post(`/api/prices/${priceId}/pro-rata`, body);

describe('POST /api/prices/{price_id}/pro-rata', () => {
  it('charges the days from the start to the billing date, the start counted, rounded once', async () => {
    const res = await proRata(monthly.id, { start_date: '2025-04-05', billing_date: '2025-04-15' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      price_id: monthly.id,
      start_date: '2025-04-05',
      billing_date: '2025-04-15',
      period_start: '2025-03-15',
      period_end: '2025-04-15',
      period_days: 31,
      remaining_days: 10,
      full_amount: 6000,
      formatted_full_amount: '$60.00',
      amount: 1935,
      formatted_amount: '$19.35',
      joining_fee: 4900,
      formatted_joining_fee: '$49.00',
      first_payment: 6835,
      formatted_first_payment: '$68.35',
      explanation:
        "$19.35 for 10 of the period's 31 days (5 Apr 2025 to 14 Apr 2025); the full $60.00 from 15 Apr 2025",
    });
  });

  it('rounds half up to the cent on weekly prices', async () => {
    const data = (await proRata(weekly.id, { start_date: '2025-03-05', billing_date: '2025-03-10' })).json()
      .data;
    expect(data).toMatchObject({ remaining_days: 5, period_days: 7, amount: 1786 });
  });

  it('counts calendar days across a daylight-saving change', async () => {
    // NZ daylight saving ended on Sunday 6 April 2025: the 23-or-25-hour day is still one day.
    const data = (await proRata(weekly.id, { start_date: '2025-04-03', billing_date: '2025-04-08' })).json()
      .data;
    expect(data).toMatchObject({ remaining_days: 5, period_days: 7, amount: 1786 });
  });

  it('charges a full period without a billing date, or when starting on it', async () => {
    const open = (await proRata(monthly.id, { start_date: '2025-01-31' })).json().data;
    expect(open).toMatchObject({
      amount: 6000,
      period_start: '2025-01-31',
      period_end: '2025-02-28',
      first_payment: 10900,
    });
    const same = (await proRata(monthly.id, { start_date: '2025-04-15', billing_date: '2025-04-15' })).json()
      .data;
    expect(same).toMatchObject({ amount: 0, remaining_days: 0, first_payment: 10900 });
  });

  it('validates the dates', async () => {
    const missing = await proRata(monthly.id, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ start_date: ['Value is required'] });
    const bad = await proRata(monthly.id, { start_date: '2025-02-29', billing_date: '15/04/2025' });
    expect(bad.json().errors).toEqual({
      start_date: ['Value must be a valid date (YYYY-MM-DD)'],
      billing_date: ['Value must be a valid date (YYYY-MM-DD)'],
    });
    const before = await proRata(monthly.id, { start_date: '2025-04-15', billing_date: '2025-04-14' });
    expect(before.json().errors).toEqual({
      billing_date: ['The billing date cannot be before the start date'],
    });
    const far = await proRata(weekly.id, { start_date: '2025-04-01', billing_date: '2025-04-09' });
    expect(far.json().errors).toEqual({
      billing_date: ['The billing date must be within one billing period of the start date'],
    });
  });

  it('has nothing to pro-rate on a one-off price (409)', async () => {
    const res = await proRata(oneOff.id, { start_date: '2025-04-05', billing_date: '2025-04-15' });
    expect(res.statusCode).toBe(409);
  });
});
