// The Member, Subscription and Payment type fields of the specification (section 3) that the member's
// detail answered only through separate calls (issue 25 item 11): the member's payment_types and
// access_control_credentials, the subscription's payments, the card's `type` and the bank account's meta.
import { memberAnswer, paymentTypesAnswer, SUBSCRIPTION_PAYMENTS_SHOWN } from '@gym/domain/api/members';
import { addDays, toCalendarDate } from '@gym/domain/calendar-date';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessCredentials,
  bankAccounts,
  cards,
  charges,
  organisationMembers,
  payments,
  paymentTypes,
} from '../../db/schema/index';
import { createTenant, unique } from '../../test/factories';
import { createPlaceWithDoors } from '../../test/gym-factories';
import { signIn } from '../../test/sign-in';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';
import { catalogueOf, memberIn, type Tenant } from './members.test-support';

let t: TestApp;
let home: Tenant;
let admin: string;
const ids: Record<string, number> = {};
const paymentIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t.db, 'Harbour Fitness');
  const organisationId = home.organisation.id;
  const cat = await catalogueOf(t.db, home);
  const now = t.clock.now();
  const today = toCalendarDate(now);
  const { user, subscription } = await memberIn(t.db, {
    tenant: home,
    now,
    gymId: home.gymA.id,
    priceId: cat.weekly.id,
    state: 'active',
    name: 'Hemi Fields',
  });
  ids.member = user.id;
  ids.subscription = subscription.id;
  // Thirty weeks paid by bank, a week apart: more than the detail carries.
  for (let week = 0; week < 30; week += 1) {
    const start = addDays(today, -7 * (30 - week));
    const [charge] = await t.db
      .insert(charges)
      .values({
        organisationId,
        subscriptionId: subscription.id,
        periodStart: start,
        dueDate: start,
        amount: 2500,
        status: 'paid',
      })
      .returning();
    const [payment] = await t.db
      .insert(payments)
      .values({
        organisationId,
        gymId: home.gymA.id,
        userId: user.id,
        subscriptionId: subscription.id,
        chargeId: charge!.id,
        type: 'bank_account',
        amount: 2500,
        periodStartAt: start,
        status: 'sent',
        idempotencyKey: unique('key'),
        createdAt: new Date(now.getTime() - (30 - week) * 7 * 86_400_000),
      })
      .returning();
    paymentIds.push(payment!.id);
  }
  const [bank] = await t.db
    .insert(paymentTypes)
    .values({
      organisationId,
      userId: user.id,
      type: 'bank_account',
      createdAt: new Date(now.getTime() - 2000),
    })
    .returning();
  await t.db.insert(bankAccounts).values({
    paymentTypeId: bank!.id,
    organisationId,
    akahuAccountId: 'acc_hemi',
    accountNumber: '12-3456-0123456-00',
    name: 'Everyday',
    meta: { bank: 'ASB', holder: 'Hemi Fields', internal: 'not answered' },
  });
  const [card] = await t.db
    .insert(paymentTypes)
    .values({
      organisationId,
      userId: user.id,
      type: 'stripe_card',
      gymId: home.gymA.id,
      createdAt: new Date(now.getTime() - 1000),
    })
    .returning();
  await t.db.insert(cards).values({
    paymentTypeId: card!.id,
    organisationId,
    stripeCustomerId: 'cus_hemi',
    stripePaymentMethodId: 'pm_hemi',
    brand: 'mastercard',
    expMonth: 4,
    expYear: 2031,
    lastFour: '4444',
    country: 'NZ',
  });
  ids.bank = bank!.id;
  ids.card = card!.id;
  await t.db
    .update(organisationMembers)
    .set({ defaultPaymentTypeId: card!.id })
    .where(eq(organisationMembers.userId, user.id));
  const { place } = await createPlaceWithDoors(t.db, { organisationId, gymId: home.gymA.id });
  const [credential] = await t.db
    .insert(accessCredentials)
    .values({
      organisationId,
      userId: user.id,
      placeId: place.id,
      externalUserId: '9001',
      loginId: '77',
      roleAssignmentId: '501',
      status: 'active',
    })
    .returning();
  ids.place = place.id;
  ids.credential = credential!.id;
  admin = await signIn(t.app, home.admin.email);
}, 180_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject(pageRequest({ method: 'GET', url, cookie: admin }));

const bankModel = {
  kind: 'bank_account',
  account_number: '12-3456-0123456-00',
  name: 'Everyday',
  status: 'ACTIVE',
  meta: { bank: 'ASB', holder: 'Hemi Fields' },
};
const cardModel = {
  kind: 'stripe_card',
  type: 'mastercard',
  brand: 'mastercard',
  exp_month: 4,
  exp_year: 2031,
  last_four: '4444',
  country: 'NZ',
};

describe('GET /api/members/{id}: the fields that needed separate calls', () => {
  it('carries the member’s payment methods (card type, bank meta) and door credentials', async () => {
    const res = await get(`/api/members/${ids.member}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(memberAnswer.safeParse(res.json()).success).toBe(true);
    const data = res.json().data;
    expect(data.payment_types).toEqual([
      {
        id: ids.card,
        type: 'stripe_card',
        is_default: true,
        created_at: expect.any(String),
        model: cardModel,
        declined_at: null,
      },
      {
        id: ids.bank,
        type: 'bank_account',
        is_default: false,
        created_at: expect.any(String),
        model: bankModel,
        declined_at: null,
      },
    ]);
    expect(data.access_control_credentials).toEqual([
      expect.objectContaining({
        id: ids.credential,
        place: expect.objectContaining({ id: ids.place, name: 'Main building' }),
        status: 'active',
        kisi_user_id: '9001',
        login_id: '77',
        has_door_access: true,
      }),
    ]);
    // The same as the separate calls answer.
    expect(data.payment_types).toEqual((await get(`/api/members/${ids.member}/payment-types`)).json().data);
    expect(data.access_control_credentials).toEqual(
      (await get(`/api/members/${ids.member}/access-control-credentials`)).json().data,
    );
  });

  it('carries the latest subscription’s latest payments, newest first, and how many it has', async () => {
    const sub = (await get(`/api/members/${ids.member}`)).json().data.latest_subscription;
    expect(sub.id).toBe(ids.subscription);
    expect(sub.payments_count).toBe(30);
    expect(sub.payments).toHaveLength(SUBSCRIPTION_PAYMENTS_SHOWN);
    expect(sub.payments.map((p: { id: number }) => p.id)).toEqual(
      paymentIds.slice(-SUBSCRIPTION_PAYMENTS_SHOWN).reverse(),
    );
    expect(sub.payments[0]).toMatchObject({
      amount: 2500,
      formatted_amount: '$25.00',
      status: 'sent',
      status_class: 'successful',
    });
    expect(sub.first_payment.id).toBe(paymentIds[0]);
  });
});

describe('GET /api/members/{id}/payment-types', () => {
  it('answers the card’s type beside its brand, and the bank’s meta without unnamed keys', async () => {
    const res = await get(`/api/members/${ids.member}/payment-types`);
    expect(paymentTypesAnswer.safeParse(res.json()).success).toBe(true);
    const models = res.json().data.map((p: { model: unknown }) => p.model);
    expect(models).toEqual([cardModel, bankModel]);
  });
});
