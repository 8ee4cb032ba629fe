// Shared steps for the Stripe contract tests: an SDK client on the simulator, a connected account
// onboarded through the hosted page, and a card saved through the card form.
import Stripe from 'stripe';
import type { RunningSandbox } from '../index';
import { parseForm, submit } from './html-form';

export const RETURN_URL = 'http://join.localhost:3000/card-connected';

export function stripeClient(
  sandbox: RunningSandbox,
  options: { key?: string; maxNetworkRetries?: number; timeout?: number } = {},
) {
  const url = new URL(sandbox.stripe.url);
  return new Stripe(options.key ?? 'sk_test_sandbox', {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: options.maxNetworkRetries ?? 0,
    ...(options.timeout ? { timeout: options.timeout } : {}),
  });
}

/** A gym's connected account, onboarded through the account link page. */
export async function onboardedAccount(
  sandbox: RunningSandbox,
  stripe: Stripe,
  name = 'Sandbox Gym',
): Promise<string> {
  const account = await stripe.accounts.create({ type: 'standard', country: 'NZ', email: 'owner@gym.test' });
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    refresh_url: 'http://localhost:3000/stripe/callback?refresh=1',
    return_url: 'http://localhost:3000/stripe/callback',
  });
  const page = await (await fetch(link.url)).text();
  const form = parseForm(page);
  const fields = form.fields.filter(([k]) => k !== 'business_name');
  const done = await submit(sandbox.stripe.url, { ...form, fields }, [
    ['business_name', name],
    ['action', 'complete'],
  ]);
  if (done.status !== 303) throw new Error(`onboarding answered ${done.status}`);
  return account.id;
}

/** Saves `number` for a customer through the hosted card form (completing 3-D Secure if asked). */
export async function saveCardWithForm(
  sandbox: RunningSandbox,
  stripe: Stripe,
  account: string,
  customer: string,
  number: string,
  authenticate: 'complete' | 'fail' = 'complete',
) {
  const seti = await stripe.setupIntents.create(
    { customer, usage: 'off_session' },
    { stripeAccount: account },
  );
  const formUrl = `${sandbox.stripe.url}/card-form?client_secret=${encodeURIComponent(seti.client_secret!)}&return_url=${encodeURIComponent(RETURN_URL)}`;
  const form = parseForm(await (await fetch(formUrl)).text());
  const fields = form.fields.filter(([k]) => !['number', 'expiry', 'cvc'].includes(k));
  let response = await submit(sandbox.stripe.url, { ...form, fields }, [
    ['number', number],
    ['expiry', '12 / 34'],
    ['cvc', '123'],
  ]);
  const location = response.headers.get('location');
  if (response.status === 303 && location?.startsWith('/3ds/')) {
    const challenge = parseForm(await (await fetch(new URL(location, sandbox.stripe.url))).text());
    response = await submit(sandbox.stripe.url, challenge, [['result', authenticate]]);
  }
  return { setupIntentId: seti.id, response };
}
