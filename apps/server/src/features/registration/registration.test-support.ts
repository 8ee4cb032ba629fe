// Shared steps of the join-site route tests: a gym that sells a membership, a person registering and
// entering the emailed code, and the sandbox's consent and card pages answered as a person would.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { walkCardCheckout } from '../../adapters/stripe-checkout.test-support';
import { ageBypassLinks, gyms, organisations } from '../../db/schema/index';
import { createOffering, createPrice } from '../../test/catalogue-factories';
import { createGym, createOrganisation, unique } from '../../test/factories';
import { createDestinationAccount } from '../../test/gym-factories';
import { sessionCookie } from '../../test/sign-in';
import { pageRequest, type TestApp } from '../../test/test-app';

export async function joinableGym(t: TestApp, options: { stripe?: boolean; surchargeBp?: number } = {}) {
  const organisation = await createOrganisation(t.db, { name: unique('Join Org') });
  const gym = await createGym(t.db, organisation.id, { cardSurchargeBasisPoints: options.surchargeBp ?? 0 });
  await createDestinationAccount(t.db, { organisationId: organisation.id, gymId: gym.id });
  const offering = await createOffering(t.db, {
    organisationId: organisation.id,
    gymIds: [gym.id],
    name: 'Anytime',
  });
  const price = await createPrice(t.db, {
    organisationId: organisation.id,
    offeringId: offering.id,
    amount: 2500,
    billingFrequency: 'weekly',
    joiningFee: 1000,
  });
  if (options.stripe) {
    const { accountId } = await t.providers.stripe.createConnectedAccount({ businessName: 'Join Gym' });
    t.sandbox.controls.stripe.completeOnboarding(accountId);
    await t.db.update(gyms).set({ stripeId: accountId }).where(eq(gyms.id, gym.id));
  }
  return { organisation, gym, offering, price };
}

export async function setMinimumAge(t: TestApp, organisationId: number, age: number) {
  await t.db.update(organisations).set({ minimumAge: age }).where(eq(organisations.id, organisationId));
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Mere Tautahi',
    email: `${unique('joiner')}@example.co.nz`,
    password: 'kauri-tree-sunrise',
    mobile_number: '021 555 0101',
    dob: '1995-04-12',
    address: '12 Karaka Street',
    suburb: 'Ponsonby',
    city: 'Auckland',
    post_code: '1011',
    emergency_contact_name: 'Hemi Tautahi',
    emergency_contact_mobile_number: '021 555 0102',
    emergency_contact_relationship: 'Brother',
    confidence_and_experience: 'first_time',
    hear_about_us: 'friend',
    ...overrides,
  };
}

let address = 0;
/** Each registration from its own address, so per-address limits never couple tests. */
export const nextAddress = () => {
  address += 1;
  return `10.77.${(address >> 8) & 255}.${address & 255}`;
};

/** Registers and enters the emailed code; answers the verified session cookie. */
export async function registerAndVerify(t: TestApp, body: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject(
    pageRequest({ method: 'POST', url: '/api/register', payload: body, remoteAddress: nextAddress() }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const cookie = sessionCookie(res.headers['set-cookie']);
  const email = String(body.email).toLowerCase();
  const mail = await t.mail.waitFor((m) => m.to.includes(email) && /\b\d{6}\b/.test(m.text));
  const code = mail.text.match(/\b(\d{6})\b/)![1]!;
  // A new member is asked to confirm their address (not to "sign in"), with the code in the body only.
  if (mail.subject !== 'Confirm your email address') throw new Error(`code mail titled ${mail.subject}`);
  const verified = await t.app.inject(
    pageRequest({ method: 'POST', url: '/api/email/verify', cookie, payload: { code } }),
  );
  expect(verified.statusCode, verified.body).toBe(200);
  return sessionCookie(verified.headers['set-cookie']);
}

export const call = (t: TestApp, cookie: string) => ({
  get: (url: string) => t.app.inject(pageRequest({ method: 'GET', url, cookie })),
  post: (url: string, payload?: unknown) =>
    t.app.inject(
      pageRequest({
        method: 'POST',
        url,
        cookie,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    ),
  put: (url: string, payload: unknown) =>
    t.app.inject(pageRequest({ method: 'PUT', url, cookie, payload: payload as object })),
});

/** The Akahu round trip without a browser: approve consent, exchange, pick the first payable account. */
export async function connectBank(t: TestApp, cookie: string, accounts?: string[]) {
  const c = call(t, cookie);
  const auth = await c.get('/api/akahu/auth-url');
  expect(auth.statusCode, auth.body).toBe(200);
  const url = new URL(auth.json().data.url);
  const me = (await c.get('/api/me')).json().data;
  const code = t.sandbox.controls.akahu.connect({
    appToken: t.env.AKAHU_APP_TOKEN!,
    redirectUri: url.searchParams.get('redirect_uri')!,
    email: me.email,
    ...(accounts ? { accounts } : {}),
  });
  const exchanged = await c.post('/api/akahu/exchange', { code, state: url.searchParams.get('state') });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  const payable = exchanged.json().data.accounts.find((a: { can_pay: boolean }) => a.can_pay);
  const chosen = await c.post('/api/akahu/sync-accounts', { account_id: payable.id });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return chosen.json().data.payment_type_id as number;
}

/** Saves a card through Stripe Checkout's page in the sandbox (3-D Secure completed when asked). */
export async function saveCard(t: TestApp, cookie: string, number: string) {
  const c = call(t, cookie);
  const setup = await c.post('/api/me/card-setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const back = await walkCardCheckout(setup.json().data.url, number);
  expect(`${back.origin}${back.pathname}`).toBe(`${t.env.REGISTER_URL}/card-connected`);
  const done = await c.post('/api/me/card-setup/complete', {
    session_id: back.searchParams.get('session_id'),
  });
  expect(done.statusCode, done.body).toBe(200);
  return done.json().data.id as number;
}

export async function createAgeBypass(t: TestApp, organisationId: number) {
  const token = unique('bypass-token');
  await t.db.insert(ageBypassLinks).values({ organisationId, token });
  return token;
}
