import { randomUUID } from 'node:crypto';
import { addDays, calendarDateParts, todayInAuckland } from '@gym/domain/calendar-date';
import { DECLINED_METHOD_REFUSED } from '@gym/domain/payment-method';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkCardCheckout } from '../../adapters/stripe-checkout.test-support';
import { charges, gyms, organisationMembers, payments, subscriptions } from '../../db/schema/index';
import { createPrice, createPriceLink } from '../../test/catalogue-factories';
import { createStaff, createTenant } from '../../test/factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { runBillingDay } from '../billing';
import { billingDeps } from '../billing/billing.test-support';
import {
  call,
  connectBank,
  createAgeBypass,
  joinableGym,
  nextAddress,
  registerAndVerify,
  registration,
  saveCard,
  setMinimumAge,
} from './registration.test-support';

const logoPng = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject(pageRequest({ method: 'POST', url: '/api/register', payload, remoteAddress: nextAddress() }));

describe('POST /api/register', () => {
  it('joins, emails a code, and the session counts only once the code is entered', async () => {
    const { gym, price } = await joinableGym(t);
    const body = registration({ gym_id: gym.id, price_id: price.id });
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ data: null, two_factor_required: true });
    const cookie = res.headers['set-cookie']!.toString().split(';')[0]!;
    const blocked = await call(t, cookie).get('/api/me');
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().error).toBe('not_two_factor_authenticated');

    const verified = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
    const me = await call(t, verified).get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      is_staff: false,
      price_id: price.id,
      offering: { name: 'Anytime' },
      profile_picture: null,
      payment_types: [],
      registration_complete: false,
    });
  });

  it('answers every missing field with the specification message, and odd input with 422s', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    for (const field of ['name', 'email', 'password', 'mobile_number', 'dob', 'address', 'city']) {
      expect(errors[field], field).toEqual(['Value is required']);
    }
    expect(errors.price_id).toEqual(['Choose a membership']);
    expect(errors.gym_id).toEqual(['Choose your gym']);

    const odd = await register(
      registration({
        email: 'not-an-email',
        dob: '2001-02-30',
        mobile_number: 'call me',
        post_code: 'ABC',
        hear_about_us: 'other',
        confidence_and_experience: 'very',
        gym_id: 'one',
        price_id: -4,
        name: 'x'.repeat(5000),
      }),
    );
    expect(odd.statusCode).toBe(422);
    const e = odd.json().errors;
    expect(e.email).toEqual(['Value is not a valid email address']);
    expect(e.dob).toEqual(['Value must be a valid date (YYYY-MM-DD)']);
    expect(e.mobile_number[0]).toMatch(/mobile number/);
    expect(e.post_code).toEqual(['Enter the four digits of the post code']);
    // An empty post code is missing, not "not text".
    for (const post_code of [null, '', '  ']) {
      const empty = await register(registration({ post_code }));
      expect(empty.json().errors.post_code).toEqual(['Value is required']);
    }
    expect(e.hear_about_us_other).toEqual(['Tell us where you heard about us']);
    expect(e.confidence_and_experience[0]).toMatch(/must be one of/);
    expect(e.name[0]).toMatch(/at most 120/);
    expect(e.gym_id).toBeDefined();
    expect(e.price_id).toBeDefined();
  });

  it('refuses an email already registered, and a price not sold at the gym', async () => {
    const { gym, price, organisation } = await joinableGym(t);
    const other = await joinableGym(t);
    const body = registration({ gym_id: gym.id, price_id: price.id });
    expect((await register(body)).statusCode).toBe(201);
    const again = await register({ ...body, email: String(body.email).toUpperCase() });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual([
      'An account with this email already exists. Sign in instead.',
    ]);

    const wrong = await register(registration({ gym_id: gym.id, price_id: other.price.id }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.price_id).toEqual(['This membership is not available at this gym']);
    const privatePrice = await createPrice(t.db, {
      organisationId: organisation.id,
      offeringId: (await joinableGym(t)).offering.id,
      private: true,
    });
    const hidden = await register(registration({ gym_id: gym.id, price_id: privatePrice.id }));
    expect(hidden.statusCode).toBe(422);
  });

  it('stops a person under the minimum age unless they came through an age-bypass link', async () => {
    const { gym, price, organisation } = await joinableGym(t);
    await setMinimumAge(t, organisation.id, 16);
    const young = new Date();
    const dob = `${young.getUTCFullYear() - 14}-01-15`;
    const stopped = await register(registration({ gym_id: gym.id, price_id: price.id, dob }));
    expect(stopped.statusCode).toBe(422);
    expect(stopped.json().errors.dob[0]).toMatch(/You must be 16 or older to join/);

    const bypass = await createAgeBypass(t, organisation.id);
    const allowed = await register(
      registration({ gym_id: gym.id, price_id: price.id, dob, age_bypass: bypass }),
    );
    expect(allowed.statusCode, allowed.body).toBe(201);

    const elsewhere = await joinableGym(t);
    const foreign = await register(
      registration({ gym_id: elsewhere.gym.id, price_id: elsewhere.price.id, dob, age_bypass: bypass }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.age_bypass[0]).toMatch(/no longer valid/);
  });

  it('opens a private price through its link, and an age-bypass price link lets the young join', async () => {
    const { gym, organisation, offering } = await joinableGym(t);
    const secret = await createPrice(t.db, {
      organisationId: organisation.id,
      offeringId: offering.id,
      private: true,
      amount: 1500,
    });
    const link = await createPriceLink(t.db, {
      organisationId: organisation.id,
      priceId: secret.id,
      ageBypass: true,
    });
    const options = await t.app.inject(
      pageRequest({ method: 'GET', url: `/api/register/options?price_link=${link.token}` }),
    );
    expect(options.statusCode).toBe(200);
    expect(options.json().data).toMatchObject({
      gym: { id: gym.id },
      prices: [{ id: secret.id, private: true }],
      price_link: { price_id: secret.id, age_bypass: true },
      age_bypass: true,
    });
    const dob = `${new Date().getUTCFullYear() - 13}-06-01`;
    const cookie = await registerAndVerify(t, registration({ price_link: link.token, dob }));
    expect((await call(t, cookie).get('/api/me')).json().data.price_id).toBe(secret.id);

    const gone = await t.app.inject(
      pageRequest({ method: 'GET', url: '/api/register/options?price_link=missing-token-1' }),
    );
    expect(gone.statusCode).toBe(404);
  });
});

describe('POST /api/unique-email', () => {
  it('says whether an address is free, whatever its case', async () => {
    const { gym, price } = await joinableGym(t);
    const body = registration({ gym_id: gym.id, price_id: price.id });
    await register(body);
    const ask = (email: unknown) =>
      t.app.inject(pageRequest({ method: 'POST', url: '/api/unique-email', payload: { email } }));
    expect((await ask(String(body.email).toUpperCase())).json().data.unique).toBe(false);
    expect((await ask('nobody-here@example.co.nz')).json().data.unique).toBe(true);
    expect((await ask('')).statusCode).toBe(422);
    expect((await ask(42)).statusCode).toBe(422);
  });
});

describe('the member’s own steps', () => {
  it('changes what was typed', async () => {
    const { gym, price } = await joinableGym(t);
    const body = registration({ gym_id: gym.id, price_id: price.id });
    const cookie = await registerAndVerify(t, body);
    const c = call(t, cookie);
    const { email: _e, password: _p, ...fields } = body;
    const changed = await c.put('/api/me/register-fields', { ...fields, name: 'Mere T', city: 'Wellington' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.name).toBe('Mere T');
    expect((await c.put('/api/me/register-fields', { ...fields, name: ' ' })).statusCode).toBe(422);
  });

  it('refuses staff on the join site’s calls and guests everywhere', async () => {
    const tenant = await createTenant(t.db);
    const staff = call(t, await signIn(t.app, tenant.admin.email));
    expect((await staff.get('/api/me/active-subscription')).statusCode).toBe(403);
    expect((await staff.post('/api/subscriptions', { idempotency_key: randomUUID() })).statusCode).toBe(403);
    const guest = call(t, '');
    expect((await guest.get('/api/me/active-subscription')).statusCode).toBe(401);
    expect((await guest.get('/api/akahu/auth-url')).statusCode).toBe(401);
  });
});

describe('paying and confirming', () => {
  it('connects a bank account through Akahu and confirms once, however often it is clicked', async () => {
    const { gym, price } = await joinableGym(t);
    const cookie = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
    const c = call(t, cookie);
    const noMethod = await c.post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(noMethod.statusCode).toBe(422);
    expect(noMethod.json().errors.payment_method).toEqual(['Choose how to pay first']);

    const badState = await c.post('/api/akahu/exchange', { code: 'whatever', state: 'forged' });
    expect(badState.statusCode).toBe(422);
    const paymentTypeId = await connectBank(t, cookie);
    expect((await c.get('/api/me')).json().data.payment_types).toEqual([
      {
        id: paymentTypeId,
        type: 'bank_account',
        model: expect.objectContaining({ kind: 'bank_account' }),
        declined_at: null,
      },
    ]);

    const summary = await c.get('/api/me/active-subscription');
    expect(summary.json().data).toMatchObject({
      status: 'to_confirm',
      first_payment: { amount: 3500, joining_fee: 1000, surcharge: 0, formatted_total: '$35.00' },
      payment_method: { id: paymentTypeId, type: 'bank_account' },
    });

    const key = randomUUID();
    const [first, second] = await Promise.all([
      c.post('/api/subscriptions', { idempotency_key: key }),
      c.post('/api/subscriptions', { idempotency_key: key }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const again = await c.post('/api/subscriptions', { idempotency_key: key });
    expect(again.statusCode).toBe(200);
    const subId = first.json().data.id as number;
    const made = await t.db.select().from(payments).where(eq(payments.subscriptionId, subId));
    expect(made).toHaveLength(1);
    expect(made[0]!.amount).toBe(3500);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subId));
    expect(sub!.isStaging).toBe(false);
    expect((await c.get('/api/me')).json().data.registration_complete).toBe(true);
    expect((await c.post('/api/subscriptions', { idempotency_key: 'short' })).statusCode).toBe(422);

    // The welcome screen offers the gym's app once the gym has its Branch key (the sandbox's Branch).
    expect((await c.get('/api/me/active-subscription')).json().data.app_link).toBeNull();
    await t.db.update(gyms).set({ branchKey: 'key_test_joinapp1' }).where(eq(gyms.id, gym.id));
    const link = (await c.get('/api/me/active-subscription')).json().data.app_link as string;
    expect(link.startsWith(t.sandbox.branch.url)).toBe(true);
    expect(t.sandbox.controls.branch.links().at(-1)?.data).toMatchObject({ gym_uuid: gym.uuid });
  });

  it('shows the card surcharge first, says a declined first payment plainly, and takes another card', async () => {
    const { gym, price } = await joinableGym(t, { stripe: true, surchargeBp: 200 });
    const cookie = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
    const c = call(t, cookie);
    const total = await c.get('/api/surcharge-total?payment_type=stripe_card');
    expect(total.json().data).toMatchObject({ amount: 3500, surcharge: 70, total: 3570 });
    expect((await c.get('/api/surcharge-total?payment_type=cash')).statusCode).toBe(422);

    await saveCard(t, cookie, '4000000000000341');
    const declined = await c.post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(declined.statusCode, declined.body).toBe(422);
    expect(declined.json().errors.payment_method[0]).toMatch(
      /^Your first payment did not go through: .+ Choose another way to pay/,
    );
    const status = (await c.get('/api/me/active-subscription')).json().data;
    expect(status.status).toBe('payment_failed');

    const good = await saveCard(t, cookie, '4242424242424242');
    const paid = await c.post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'active', payment_method: { id: good } });
    const attempts = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.subscriptionId, paid.json().data.id)));
    expect(attempts).toHaveLength(2);
    expect(attempts.filter((p) => p.status === 'sent')).toHaveLength(1);
    expect(attempts.every((p) => p.amount + p.surcharge === 3570)).toBe(true);
  });

  it('does not offer a card declined at confirmation again, names cards by brand and last four, and staff see the payment that settled', async () => {
    const { organisation, gym, price } = await joinableGym(t, { stripe: true, surchargeBp: 200 });
    const cookie = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
    const c = call(t, cookie);
    const bad = await saveCard(t, cookie, '4000000000000341');
    expect((await c.post('/api/subscriptions', { idempotency_key: randomUUID() })).statusCode).toBe(422);

    // The declined card carries when it was declined; the join screen and the account leave it out.
    const declinedMe = (await c.get('/api/me')).json().data;
    const declined = declinedMe.payment_types.find((p: { id: number }) => p.id === bad);
    expect(declined.declined_at).toEqual(expect.any(String));
    expect(declined.model).toMatchObject({ kind: 'stripe_card', brand: 'visa', last_four: '0341' });
    const refused = await c.post(`/api/me/payment-types/${bad}/switch`);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.payment_type).toEqual([DECLINED_METHOD_REFUSED]);

    const good = await saveCard(t, cookie, '4242424242424242');
    const me = (await c.get('/api/me')).json().data;
    expect(me.payment_types.find((p: { id: number }) => p.id === good).declined_at).toBeNull();
    // Named as every page names a card: brand and last four, never "Card #id".
    const screen = (await c.get('/api/me/active-subscription')).json().data;
    expect(screen.payment_method).toMatchObject({ id: good, label: 'Visa ending 4242' });
    const switched = await c.post(`/api/me/payment-types/${good}/switch`);
    expect(switched.json().data).toMatchObject({ id: good, label: 'Visa ending 4242' });
    const paid = await c.post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(paid.statusCode, paid.body).toBe(200);

    // Once joined, the account's ways to pay leave the declined card out too.
    const methods = (await c.get('/api/me/payment-methods')).json().data.methods;
    expect(methods.map((m: { label: string }) => m.label)).toEqual(['Visa ending 4242']);
    // Still declined after the membership was paid by another card: it never paid.
    const after = (await c.get('/api/me')).json().data.payment_types;
    expect(after.find((p: { id: number }) => p.id === bad).declined_at).toEqual(expect.any(String));

    // Staff: the first payment is the one that settled, with the card surcharge taken.
    const admin = await createStaff(t.db, { organisationId: organisation.id, role: 'admin' });
    const staff = call(t, await signIn(t.app, admin.email));
    const sub = (await staff.get(`/api/members/${me.id}`)).json().data.latest_subscription;
    expect(sub.first_payment).toMatchObject({
      status: 'sent',
      amount: 3500,
      surcharge: 70,
      total: 3570,
      formatted_total: '$35.70',
    });
    const staffTypes = (await staff.get(`/api/members/${me.id}/payment-types`)).json().data;
    expect(staffTypes.find((p: { id: number }) => p.id === bad).declined_at).toEqual(expect.any(String));
  });

  it('shows the gym’s logo to anyone with its join link, and the confirm screen names it too', async () => {
    const { organisation, gym, price } = await joinableGym(t);
    const url = `/api/register/gyms/${gym.uuid}/logo`;
    const before = (
      await t.app.inject(pageRequest({ method: 'GET', url: `/api/register/options?gym=${gym.uuid}` }))
    ).json().data;
    expect(before.gym).toMatchObject({ name: gym.name, logo_url: null });
    expect((await t.app.inject(pageRequest({ method: 'GET', url }))).statusCode).toBe(404);

    const admin = await createStaff(t.db, { organisationId: organisation.id, role: 'admin' });
    const staff = await signIn(t.app, admin.email);
    const data = new FormData();
    data.append('collection', 'logo');
    data.append('file', new Blob([new Uint8Array(await logoPng())], { type: 'image/png' }), 'logo.png');
    const body = new Request('http://localhost/', { method: 'POST', body: data });
    const uploaded = await t.app.inject(
      pageRequest({
        method: 'POST',
        url: `/api/gyms/${gym.id}/logo`,
        cookie: staff,
        payload: Buffer.from(await body.arrayBuffer()),
        headers: { 'content-type': body.headers.get('content-type')! },
      }),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    // Before signing in: the options carry the logo's versioned address, and it answers the PNG.
    const options = (
      await t.app.inject(pageRequest({ method: 'GET', url: `/api/register/options?gym=${gym.uuid}` }))
    ).json().data;
    expect(options.gym.logo_url).toMatch(new RegExp(`^${url}\\?v=\\w+$`));
    expect(options.prices[0]).toMatchObject({ offering_name: 'Anytime', offering_id: expect.any(Number) });
    const logo = await t.app.inject(pageRequest({ method: 'GET', url: options.gym.logo_url }));
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    const again = await t.app.inject(
      pageRequest({
        method: 'GET',
        url: options.gym.logo_url,
        headers: { 'if-none-match': String(logo.headers.etag) },
      }),
    );
    expect(again.statusCode).toBe(304);
    expect(
      (await t.app.inject(pageRequest({ method: 'GET', url: '/api/register/gyms/not-a-uuid/logo' })))
        .statusCode,
    ).toBe(422);
    const unknown = '/api/register/gyms/00000000-0000-4000-8000-000000000000/logo';
    expect((await t.app.inject(pageRequest({ method: 'GET', url: unknown }))).statusCode).toBe(404);

    // Signed in, choosing how to pay: the same gym, name and logo.
    const cookie = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
    const screen = (await call(t, cookie).get('/api/me/active-subscription')).json().data;
    expect(screen.gym).toMatchObject({ id: gym.id, name: gym.name, logo_url: options.gym.logo_url });
  });

  it('charges no card surcharge when a declined card is replaced by a bank account, once however often confirmed', async () => {
    const { gym, price } = await joinableGym(t, { stripe: true, surchargeBp: 200 });
    const cookie = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
    const c = call(t, cookie);
    await saveCard(t, cookie, '4000000000000341');
    const declined = await c.post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(declined.statusCode, declined.body).toBe(422);
    const subId = (await c.get('/api/me/active-subscription')).json().data.id as number;
    const [charge] = await t.db.select().from(charges).where(eq(charges.subscriptionId, subId));
    expect(charge).toMatchObject({ amount: 3500, surcharge: 70, status: 'unpaid' });
    // Declined at confirmation: nothing is owed (BILLING.md, turn 3), however the charge is priced.
    expect(
      (await t.db.select().from(subscriptions).where(eq(subscriptions.id, subId)))[0]!.balanceOwing,
    ).toBe(0);

    const bank = await connectBank(t, cookie);
    const switched = await c.post(`/api/me/payment-types/${bank}/switch`);
    expect(switched.statusCode, switched.body).toBe(200);
    // The confirm screen and the surcharge total agree: the first payment by bank carries no surcharge.
    const screen = (await c.get('/api/me/active-subscription')).json().data;
    expect(screen).toMatchObject({
      status: 'payment_failed',
      payment_method: { id: bank, type: 'bank_account' },
      first_payment: { amount: 3500, surcharge: 0, total: 3500, formatted_total: '$35.00' },
    });
    const byBank = (await c.get('/api/surcharge-total?payment_type=bank_account')).json().data;
    expect(byBank).toMatchObject({ amount: 3500, surcharge: 0, total: screen.first_payment.total });
    expect((await c.get('/api/surcharge-total?payment_type=stripe_card')).json().data).toMatchObject({
      amount: 3500,
      surcharge: 70,
      total: 3570,
    });
    // Still nothing owed: the charge waits, priced by bank, for the member's next confirm.
    expect(
      (await t.db.select().from(subscriptions).where(eq(subscriptions.id, subId)))[0]!.balanceOwing,
    ).toBe(0);

    // Confirm clicked twice with the page's key, then once more from a reloaded page: one new attempt.
    const key = randomUUID();
    const [one, two] = await Promise.all([
      c.post('/api/subscriptions', { idempotency_key: key }),
      c.post('/api/subscriptions', { idempotency_key: key }),
    ]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    const reloaded = await c.post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(reloaded.statusCode, reloaded.body).toBe(200);
    expect(reloaded.json().data.first_payment).toMatchObject({ surcharge: 0, total: 3500 });

    const attempts = await t.db
      .select()
      .from(payments)
      .where(eq(payments.subscriptionId, subId))
      .orderBy(payments.attempt);
    expect(attempts.map((p) => [p.attempt, p.type, p.amount, p.surcharge])).toEqual([
      [1, 'stripe_card', 3500, 70],
      [2, 'bank_account', 3500, 0],
    ]);
    expect(attempts[1]!.paymentTypeId).toBe(bank);
    const [after] = await t.db.select().from(charges).where(eq(charges.id, charge!.id));
    expect(after!.surcharge).toBe(0);
    // The bank was asked for $35.00, not $35.70.
    expect(attempts[1]!.akahuId).toBeTruthy();
    expect(t.sandbox.controls.akahu.payment(attempts[1]!.akahuId!)?.amount).toBe(35);
  });

  it('honours the member’s fixed billing date: the days up to it pro-rata first, then full weeks from it', async () => {
    const { organisation, gym, price } = await joinableGym(t);
    const cookie = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
    const c = call(t, cookie);
    const me = (await c.get('/api/me')).json().data;
    const today = todayInAuckland(t.clock.now());
    const billingDate = addDays(today, 3);
    await t.db
      .update(organisationMembers)
      .set({ billingDate })
      .where(
        and(eq(organisationMembers.organisationId, organisation.id), eq(organisationMembers.userId, me.id)),
      );
    expect((await c.get('/api/me')).json().data.billing_date).toBe(billingDate);
    const bank = await connectBank(t, cookie);

    // $25.00 a week × 3 of 7 days = $10.71 (10.714…, rounded once), plus the $10.00 joining fee.
    const screen = (await c.get('/api/me/active-subscription')).json().data;
    expect(screen.first_payment).toMatchObject({
      period_start: today,
      period_end: billingDate,
      amount: 2071,
      joining_fee: 1000,
      surcharge: 0,
      formatted_total: '$20.71',
    });
    expect(screen.first_payment.explanation).toContain("$10.71 for 3 of the period's 7 days");
    expect((await c.get('/api/surcharge-total?payment_type=bank_account')).json().data).toMatchObject({
      amount: 2071,
      total: 2071,
    });

    const confirmed = await c.post('/api/subscriptions', { idempotency_key: randomUUID() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.first_payment).toMatchObject({ amount: 2071, period_end: billingDate });
    expect(confirmed.json().data.first_payment.explanation).toContain("3 of the period's 7 days");
    const subId = confirmed.json().data.id as number;
    const [charge] = await t.db.select().from(charges).where(eq(charges.subscriptionId, subId));
    expect(charge).toMatchObject({
      periodStart: today,
      periodEnd: billingDate,
      amount: 2071,
      isProRata: true,
    });
    const [attempt] = await t.db.select().from(payments).where(eq(payments.subscriptionId, subId));
    expect(attempt).toMatchObject({ amount: 2071, isProRata: true, paymentTypeId: bank });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subId));
    expect(sub).toMatchObject({
      startDate: today,
      anchorDay: calendarDateParts(billingDate).day,
      currentPeriodStart: today,
      currentPeriodEnd: billingDate,
    });

    // On the billing date the engine charges the first full week, from it.
    await runBillingDay(billingDeps(t), billingDate);
    const made = await t.db
      .select()
      .from(charges)
      .where(eq(charges.subscriptionId, subId))
      .orderBy(charges.periodStart);
    expect(made.map((x) => [x.periodStart, x.periodEnd, x.amount, x.isProRata])).toEqual([
      [today, billingDate, 2071, true],
      [billingDate, addDays(billingDate, 7), 2500, false],
    ]);
  });

  it('switches only between the member’s own payment methods', async () => {
    const a = await joinableGym(t);
    const first = await registerAndVerify(t, registration({ gym_id: a.gym.id, price_id: a.price.id }));
    const mine = await connectBank(t, first);
    const second = await registerAndVerify(t, registration({ gym_id: a.gym.id, price_id: a.price.id }));
    expect((await call(t, second).post(`/api/me/payment-types/${mine}/switch`)).statusCode).toBe(404);
    expect((await call(t, second).post('/api/me/payment-types/abc/switch')).statusCode).toBe(422);
    const ok = await call(t, first).post(`/api/me/payment-types/${mine}/switch`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ id: mine, type: 'bank_account' });
  });
});

describe('saving a card through Stripe Checkout', () => {
  it('answers Stripe’s page, and saves only a finished session of the member’s own', async () => {
    const { gym, price } = await joinableGym(t, { stripe: true });
    const first = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
    const second = await registerAndVerify(t, registration({ gym_id: gym.id, price_id: price.id }));
    const started = await call(t, second).post('/api/me/card-setup');
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json().data.url);
    expect(url.origin).toBe(t.sandbox.stripe.url);
    const sessionId = url.pathname.split('/').at(-1)!;
    expect(sessionId).toMatch(/^cs_test_/);

    const unfinished = await call(t, second).post('/api/me/card-setup/complete', { session_id: sessionId });
    expect(unfinished.statusCode).toBe(422);
    expect(unfinished.json().errors.session_id).toEqual([
      'Your card was not saved. Try again or use another card.',
    ]);
    const back = await walkCardCheckout(url.toString(), '4242424242424242');
    expect(back.searchParams.get('session_id')).toBe(sessionId);
    const someoneElses = await call(t, first).post('/api/me/card-setup/complete', { session_id: sessionId });
    expect(someoneElses.statusCode).toBe(422);
    expect(someoneElses.json().errors.session_id).toEqual(['This card set-up is not valid']);
    const malformed = await call(t, first).post('/api/me/card-setup/complete', { session_id: 'seti_123456' });
    expect(malformed.statusCode).toBe(422);
    const mine = await call(t, second).post('/api/me/card-setup/complete', { session_id: sessionId });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toMatchObject({ type: 'stripe_card' });
  });
});

describe('hand-over from the staff host', () => {
  it('signs a member in on the join site once, with a token that is never reused', async () => {
    const { gym, price } = await joinableGym(t);
    const body = registration({ gym_id: gym.id, price_id: price.id });
    await registerAndVerify(t, body);
    const staffHostCookie = await signIn(t.app, String(body.email), String(body.password));
    const started = await call(t, staffHostCookie).post('/api/handover');
    expect(started.statusCode, started.body).toBe(200);
    const token = new URL(started.json().data.url).searchParams.get('handover');
    const redeem = () =>
      t.app.inject(pageRequest({ method: 'POST', url: '/api/handover/redeem', payload: { token } }));
    const first = await redeem();
    expect(first.statusCode).toBe(200);
    const joinCookie = first.headers['set-cookie']!.toString().split(';')[0]!;
    expect((await call(t, joinCookie).get('/api/me')).statusCode).toBe(200);
    expect((await redeem()).statusCode).toBe(422);
    // An ordinary session token is not a hand-over token.
    const plain = staffHostCookie.split('=')[1];
    const misuse = await t.app.inject(
      pageRequest({ method: 'POST', url: '/api/handover/redeem', payload: { token: plain } }),
    );
    expect(misuse.statusCode).toBe(422);
    const tenant = await createTenant(t.db);
    expect((await call(t, await signIn(t.app, tenant.admin.email)).post('/api/handover')).statusCode).toBe(
      403,
    );
  });
});
