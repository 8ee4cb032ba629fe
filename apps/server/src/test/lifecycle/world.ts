// One organisation for one random sequence of the lifecycle model test (issue 23): a gym that sells a
// weekly membership (flexi, and one with an eight-week term), takes bank payments (Akahu sandbox) and
// cards (Stripe sandbox, with a surcharge), and opens its doors through Kisi (sandbox). Joins go through
// the join site's own calls; staff act through the staff routes as the organisation's admin. Nothing
// here reaches into the engine: the sequence sees the product as its users and providers do.
import { randomUUID } from 'node:crypto';
import { addDays, startOfDayInstant, todayInAuckland } from '@gym/domain/calendar-date';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { bankAccounts, gyms } from '../../db/schema/index';
import { accessCalls, connectKisi, kisiApi } from '../../features/access-control/access-control.test-support';
import {
  connectBank,
  registerAndVerify,
  registration,
  saveCard,
} from '../../features/registration/registration.test-support';
import { createOffering, createPrice } from '../catalogue-factories';
import { createTenant, unique } from '../factories';
import { createDestinationAccount } from '../gym-factories';
import { signIn } from '../sign-in';
import { pageRequest, type TestApp } from '../test-app';

export const SURCHARGE_BP = 150;

export type Tenant = Awaited<ReturnType<typeof createTenant>>;

export interface World {
  t: TestApp;
  tenant: Tenant;
  admin: string;
  /** The Kisi place the gym's doors belong to. */
  kisiPlaceId: number;
  prices: { flexi: number; term: number; dearer: number };
  /** The first day of the sequence (the expected-payments range starts here). */
  firstDay: string;
}

export async function makeWorld(t: TestApp): Promise<World> {
  const tenant = await createTenant(t.db, unique('Lifecycle'));
  const organisationId = tenant.organisation.id;
  await createDestinationAccount(t.db, { organisationId, gymId: tenant.gymA.id });
  const { accountId } = await t.providers.stripe.createConnectedAccount({ businessName: 'Lifecycle Gym' });
  t.sandbox.controls.stripe.completeOnboarding(accountId);
  await t.db
    .update(gyms)
    .set({ stripeId: accountId, cardSurchargeBasisPoints: SURCHARGE_BP })
    .where(eq(gyms.id, tenant.gymA.id));
  const admin = await signIn(t.app, tenant.admin.email);
  await connectKisi(t, organisationId, admin);
  const kisiPlaceId = await kisiApi(t).createPlace(unique('Central'));
  const linked = await accessCalls(t).linkPlace(tenant.gymA.id, admin, kisiPlaceId);
  if (linked.statusCode !== 200)
    throw new Error(`linking the Kisi place: ${linked.statusCode} ${linked.body}`);
  const offering = await createOffering(t.db, { organisationId, gymIds: [tenant.gymA.id], name: 'Anytime' });
  const price = (input: Parameters<typeof createPrice>[1]) => createPrice(t.db, input);
  const flexi = await price({
    organisationId,
    offeringId: offering.id,
    amount: 2500,
    joiningFee: 1000,
    billingFrequency: 'weekly',
  });
  const term = await price({
    organisationId,
    offeringId: offering.id,
    amount: 2200,
    billingFrequency: 'weekly',
    termAmount: 8,
    termUnit: 'weeks',
  });
  const dearer = await price({
    organisationId,
    offeringId: offering.id,
    amount: 2900,
    billingFrequency: 'weekly',
  });
  return {
    t,
    tenant,
    admin,
    kisiPlaceId,
    prices: { flexi: flexi.id, term: term.id, dearer: dearer.id },
    firstDay: todayInAuckland(t.clock.now()),
  };
}

/** A staff call as the organisation's admin. */
export const staffCall = (w: World, request: InjectOptions) =>
  w.t.app.inject(pageRequest({ ...request, cookie: w.admin }));

/** A call as a signed-in member on the join site. */
const memberCall = (w: World, cookie: string, request: InjectOptions) =>
  w.t.app.inject(pageRequest({ ...request, cookie }));

export type BankStart = 'pays' | 'insufficient_funds' | 'invalid_account';
/** The sandbox's test cards: one that pays, one behind 3-D Secure that then pays, one whose charges
 * are declined, and one whose every charge asks for authentication (declined off-session). */
const CARDS = {
  visa: '4242424242424242',
  three_d_secure: '4000002500003155',
  declined: '4000000000000341',
  authentication_always: '4000002760003184',
} as const;
export type CardKind = keyof typeof CARDS;

export interface Joined {
  email: string;
  cookie: string;
  userId: number;
  subscriptionId: number;
  /** The Akahu account paying (bank joiners). */
  accountId: string | null;
  confirmStatus: number;
  confirmBody: string;
}

/** Registers, verifies the emailed code, connects a bank or saves a card, and confirms once. */
export async function join(
  w: World,
  how: { pay: 'bank'; start: BankStart; term: boolean } | { pay: 'card'; card: CardKind; term: boolean },
): Promise<Joined> {
  const { t } = w;
  const email = `${unique('joiner')}@example.co.nz`;
  const priceId = how.term ? w.prices.term : w.prices.flexi;
  const cookie = await registerAndVerify(
    t,
    registration({ email, gym_id: w.tenant.gymA.id, price_id: priceId }),
  );
  const me = await memberCall(w, cookie, { method: 'GET', url: '/api/me' });
  const userId = me.json().data.id as number;
  let accountId: string | null = null;
  if (how.pay === 'bank') {
    const paymentTypeId = await connectBank(t, cookie);
    const [account] = await t.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.paymentTypeId, paymentTypeId));
    accountId = account!.akahuAccountId;
    // Plenty in the account (an everyday account holds $2,500), unless the first payment is to fail.
    t.sandbox.controls.akahu.setBalance(accountId, 1_000_000);
    if (how.start !== 'pays') t.sandbox.controls.akahu.failNextPayment(accountId, bankFailure(how.start));
  } else {
    await saveCard(t, cookie, CARDS[how.card]);
  }
  const active = await memberCall(w, cookie, { method: 'GET', url: '/api/me/active-subscription' });
  const subscriptionId = active.json().data.id as number;
  const confirmed = await memberCall(w, cookie, {
    method: 'POST',
    url: '/api/subscriptions',
    payload: { idempotency_key: randomUUID() },
  });
  return {
    email,
    cookie,
    userId,
    subscriptionId,
    accountId,
    confirmStatus: confirmed.statusCode,
    confirmBody: confirmed.body,
  };
}

export const bankFailure = (start: Exclude<BankStart, 'pays'>) =>
  start === 'insufficient_funds' ? 'INSUFFICIENT_FUNDS' : 'INVALID_ACCOUNT';

/** A member whose card was declined saves a card that pays and confirms again. */
export async function confirmWithNewCard(w: World, cookie: string) {
  await saveCard(w.t, cookie, CARDS.visa);
  return memberCall(w, cookie, {
    method: 'POST',
    url: '/api/subscriptions',
    payload: { idempotency_key: randomUUID() },
  });
}

/** Noon in Auckland on the day `days` after today (the daily run and the providers' answers before it). */
export function noonAfter(w: World, days: number): Date {
  const day = addDays(todayInAuckland(w.t.clock.now()), days);
  return new Date(startOfDayInstant(day).getTime() + 12 * 3_600_000);
}

/** Moves the application clock through the dev clock route, as `npm run clock` does. */
export async function moveClock(w: World, to: Date) {
  const res = await staffCall(w, {
    method: 'POST',
    url: '/api/dev/clock',
    payload: { to: to.toISOString() },
  });
  if (res.statusCode !== 200) throw new Error(`moving the clock: ${res.statusCode} ${res.body}`);
}
