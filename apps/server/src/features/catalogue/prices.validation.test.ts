// The price messages of spec section 5, on both price payloads (create and update), as 422 answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOffering, createPrice } from '../../test/catalogue-factories';
import { createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { caller, weeklyPrice } from './catalogue.test-support';

let t: TestApp;
let admin: ReturnType<typeof caller>;
let urls: { create: string; update: string };
beforeAll(async () => {
  t = await createTestApp();
  const home = await createTenant(t.db);
  admin = caller(t, await signIn(t.app, home.admin.email));
  const offering = await createOffering(t.db, {
    organisationId: home.organisation.id,
    gymIds: [home.gymA.id],
  });
  const price = await createPrice(t.db, { organisationId: home.organisation.id, offeringId: offering.id });
  urls = { create: `/api/offerings/${offering.id}/prices`, update: `/api/prices/${price.id}` };
});
afterAll(() => t.close());

const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
  [
    // Left out they are unchanged on update (and required on create); sent empty they are required.
    'amount and billing frequency are required',
    { amount: null, billing_frequency: '' },
    { amount: ['Value is required'], billing_frequency: ['Value is required'] },
  ],
  [
    'a term amount needs its unit',
    weeklyPrice({ term_amount: 12 }),
    { term_unit: ['Please select a term unit'] },
  ],
  [
    'a term unit needs its amount',
    weeklyPrice({ term_unit: 'months' }),
    { term_amount: ['Please enter a term amount'] },
  ],
  ['amounts are positive', weeklyPrice({ amount: 0 }), { amount: ['The value must be more than $0.00'] }],
  [
    'amounts have a ceiling',
    weeklyPrice({ amount: 10_000_001 }),
    { amount: ['The maximum value allowed is $100,000.00'] },
  ],
  ['amounts are whole cents', weeklyPrice({ amount: 25.5 }), { amount: ['Value must be whole cents'] }],
  [
    'a joining fee is never negative',
    weeklyPrice({ joining_fee: -1 }),
    { joining_fee: ['The value cannot be negative'] },
  ],
  [
    'a joining fee has the same ceiling',
    weeklyPrice({ joining_fee: 10_000_001 }),
    { joining_fee: ['The maximum value allowed is $100,000.00'] },
  ],
  [
    'the frequency is one of the list',
    weeklyPrice({ billing_frequency: 'hourly' }),
    {
      billing_frequency: [
        expect.stringMatching(/^Value must be one of: daily, weekly/),
      ] as unknown as string[],
    },
  ],
  [
    'the term unit is one of the list',
    weeklyPrice({ term_amount: 2, term_unit: 'decades' }),
    { term_unit: ['Value must be one of: days, weeks, months, years'] },
  ],
  [
    'a term is at most 120 units',
    weeklyPrice({ term_amount: 121, term_unit: 'months' }),
    { term_amount: ['The maximum value allowed is 120'] },
  ],
];

describe.each(['create', 'update'] as const)('price payload on %s', (which) => {
  it.each(cases)('%s', async (_name, payload, errors) => {
    const res =
      which === 'create' ? await admin.post(urls.create, payload) : await admin.put(urls.update, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(errors);
  });

  it('accepts a price without a joining fee or term', async () => {
    const res =
      which === 'create'
        ? await admin.post(urls.create, weeklyPrice({ joining_fee: null }))
        : await admin.put(urls.update, weeklyPrice());
    expect(res.statusCode).toBeLessThan(300);
    expect(res.json().data).toMatchObject({ joining_fee: 0, term_amount: null, term_unit: null });
  });
});
