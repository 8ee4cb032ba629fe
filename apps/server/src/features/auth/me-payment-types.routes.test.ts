// GET /api/me answers the member's payment types as the specification's Payment type (section 3: id,
// type, model), not ids alone (issue 25 item 11): a member who joined and connected a bank account
// through the Akahu sandbox, and then saved a card, sees each with its model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  call,
  connectBank,
  joinableGym,
  registerAndVerify,
  registration,
  saveCard,
} from '../registration/registration.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/me payment_types', () => {
  it('carries each method’s model: the bank account with its meta, the card with its type', async () => {
    const { gym, price } = await joinableGym(t, { stripe: true });
    const cookie = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
    const bankId = await connectBank(t, cookie);
    const cardId = await saveCard(t, cookie, '4242424242424242');
    const me = (await call(t, cookie).get('/api/me')).json().data;
    const bank = me.payment_types.find((p: { id: number }) => p.id === bankId);
    const card = me.payment_types.find((p: { id: number }) => p.id === cardId);
    expect(bank).toEqual({
      id: bankId,
      type: 'bank_account',
      model: {
        kind: 'bank_account',
        account_number: expect.any(String),
        name: expect.any(String),
        status: 'ACTIVE',
        meta: { bank: expect.any(String), holder: expect.any(String) },
      },
      declined_at: null,
    });
    expect(card).toEqual({
      id: cardId,
      type: 'stripe_card',
      model: {
        kind: 'stripe_card',
        type: 'visa',
        brand: 'visa',
        exp_month: expect.any(Number),
        exp_year: expect.any(Number),
        last_four: '4242',
        country: expect.toBeOneOf([expect.any(String), null]),
      },
      declined_at: null,
    });
  });
});
