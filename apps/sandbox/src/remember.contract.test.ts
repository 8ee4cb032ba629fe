// The simulators keep nothing between starts, so they learn the bank consents and saved cards the
// product already holds: a remembered token pays from its accounts with the official Akahu SDK, and a
// remembered card is charged off-session with the official Stripe SDK, each as its documented behaviour.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from './index';
import { akahuClient } from './test/akahu-helpers';
import { onboardedAccount, stripeClient } from './test/stripe-helpers';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ akahuPaymentDelayMs: 1_000 });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.controls.reset());

const GYM_ACCOUNT = { name: 'Sandbox Gym Ltd', account_number: '12-3140-0123456-00' };

describe('remembered bank consents', () => {
  const connection = (token: string, name: string) => ({
    token,
    email: `${token}@example.nz`,
    accounts: [{ id: `acc_${token}`, name, formattedAccount: '12-3456-0123456-00', holder: 'JANE MEMBER' }],
  });

  it('pays from a remembered account; a Pocket Money account declines for insufficient funds', async () => {
    sandbox.controls.akahu.remember([
      connection('tok_rich', 'Everyday'),
      connection('tok_poor', 'Pocket Money'),
    ]);
    const akahu = akahuClient(sandbox);
    const accounts = await akahu.accounts.list('tok_rich');
    expect(accounts.map((a) => [a._id, a.name, a.formatted_account])).toEqual([
      ['acc_tok_rich', 'Everyday', '12-3456-0123456-00'],
    ]);
    const pay = (token: string) =>
      akahu.payments.create(token, { from: `acc_${token}`, amount: 25.9, to: GYM_ACCOUNT });
    const paid = await pay('tok_rich');
    const short = await pay('tok_poor');
    await sandbox.controls.advanceClock(1_000);
    expect(sandbox.controls.akahu.payment(paid._id)?.status).toBe('SENT');
    expect(sandbox.controls.akahu.payment(short._id)).toMatchObject({
      status: 'DECLINED',
      status_code: 'INSUFFICIENT_FUNDS',
    });
  });

  it('leaves a token it already knows as it is, and refuses one it was never told', async () => {
    sandbox.controls.akahu.remember([connection('tok_once', 'Everyday')]);
    sandbox.controls.akahu.remember([connection('tok_once', 'Pocket Money')]);
    const akahu = akahuClient(sandbox);
    expect((await akahu.accounts.list('tok_once')).map((a) => a.name)).toEqual(['Everyday']);
    await expect(akahu.accounts.list('tok_unknown')).rejects.toThrow();
  });
});

describe('remembered cards', () => {
  it('charges a remembered card off-session, and a card ending 9995 declines', async () => {
    const stripe = stripeClient(sandbox);
    const gym = await onboardedAccount(sandbox, stripe);
    const card = (n: string, last4: string) => ({
      account: gym,
      customer: `cus_remembered${n}`,
      paymentMethod: `pm_remembered${n}`,
      email: `member${n}@example.nz`,
      name: `Member ${n}`,
      brand: 'visa',
      last4,
      expMonth: 12,
      expYear: 2030,
    });
    sandbox.controls.stripe.rememberCards([card('1', '6123'), card('2', '9995')]);
    const pm = await stripe.paymentMethods.retrieve('pm_remembered1', {}, { stripeAccount: gym });
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '6123', exp_year: 2030 });
    expect(pm.customer).toBe('cus_remembered1');
    const charge = (n: string) =>
      stripe.paymentIntents.create(
        {
          amount: 2590,
          currency: 'nzd',
          customer: `cus_remembered${n}`,
          payment_method: `pm_remembered${n}`,
          confirm: true,
          off_session: true,
        },
        { stripeAccount: gym },
      );
    expect((await charge('1')).status).toBe('succeeded');
    await expect(charge('2')).rejects.toMatchObject({
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
  });
});
