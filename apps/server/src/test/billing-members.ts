// Members written straight into the database for the tests that run the billing engine at scale: a price of
// their own each, a connected bank account (Akahu) or a saved card (Stripe), and a subscription starting on
// a given day, so the daily run charges them from that day on. `insertPlannedMembers` is the one way both
// the crash test (test/crash) and the cluster test (scripts/cluster-test.ts, through `createBillingMembers`:
// bank members whose answers come by webhook) make them; what the simulators must be taught (they keep
// nothing) is named in what it answers.
import { randomBytes } from 'node:crypto';
import type { BillingFrequency } from '@gym/domain/billing-frequency';
import type { CalendarDate } from '@gym/domain/calendar-date';
import type { Executor } from '../db/client';
import {
  akahuConnections,
  bankAccounts,
  cards,
  organisationMembers,
  paymentTypes,
  prices,
  subscriptions,
  users,
} from '../db/schema/index';
import type { secretBox } from '../db/secrets';
import { akahuWebhookState } from '../features/webhooks';
import { createOffering } from './catalogue-factories';

/** One member to make: how often and from when they pay, how much, and whether by card (else by bank). */
export interface PlannedMember {
  frequency: BillingFrequency;
  start: CalendarDate;
  amount: number;
  card?: boolean;
}

export interface PlannedMemberMade {
  userId: number;
  subscriptionId: number;
  email: string;
  name: string;
  /** A bank member's Akahu user token and account id (the simulator must be taught them). */
  bank: { token: string; account: string } | null;
  /** A card member's Stripe customer and payment method on the gym's account. */
  card: { customer: string; paymentMethod: string } | null;
}

/**
 * Members paying as `plans` say, at `gymId`, on prices of their own under `offeringId`. `label` names the
 * test in their emails and provider ids (`<label>-<tag>-<i>@<label>.test`, `user_token_<label>_<tag>_<i>`).
 */
export async function insertPlannedMembers(
  db: Executor,
  secrets: ReturnType<typeof secretBox>,
  input: {
    organisationId: number;
    gymId: number;
    offeringId: number;
    label: string;
    tag: string;
    plans: readonly PlannedMember[];
  },
): Promise<PlannedMemberMade[]> {
  const { organisationId, gymId, offeringId, label, tag, plans } = input;
  const names = plans.map((_, i) => `${label[0]!.toUpperCase()}${label.slice(1)} Member ${tag} ${i}`);
  const emails = plans.map((_, i) => `${label}-${tag}-${i}@${label}.test`);
  const people = await db
    .insert(users)
    .values(plans.map((_, i) => ({ name: names[i]!, email: emails[i]! })))
    .returning({ id: users.id });
  await db
    .insert(organisationMembers)
    .values(people.map((u) => ({ organisationId, userId: u.id, homeGymId: gymId })));
  const types = await db
    .insert(paymentTypes)
    .values(
      plans.map((p, i) => ({
        organisationId,
        userId: people[i]!.id,
        type: p.card ? ('stripe_card' as const) : ('bank_account' as const),
        gymId: p.card ? gymId : null,
      })),
    )
    .returning({ id: paymentTypes.id });
  const bankOf = (i: number) => ({
    token: `user_token_${label}_${tag}_${i}`,
    account: `acc_${label}_${tag}_${i}`,
  });
  const cardOf = (i: number) => ({
    customer: `cus_${label}${tag}${i}`,
    paymentMethod: `pm_${label}${tag}${i}`,
  });
  const bank = plans.flatMap((p, i) => (p.card ? [] : [i]));
  const card = plans.flatMap((p, i) => (p.card ? [i] : []));
  if (bank.length > 0) {
    await db.insert(bankAccounts).values(
      bank.map((i) => ({
        paymentTypeId: types[i]!.id,
        organisationId,
        akahuAccountId: bankOf(i).account,
        accountNumber: '12-3140-0123456-00',
        name: 'Everyday',
      })),
    );
    await db.insert(akahuConnections).values(
      bank.map((i) => ({
        organisationId,
        userId: people[i]!.id,
        accessToken: secrets.seal(bankOf(i).token),
      })),
    );
  }
  if (card.length > 0) {
    await db.insert(cards).values(
      card.map((i) => ({
        paymentTypeId: types[i]!.id,
        organisationId,
        stripeCustomerId: cardOf(i).customer,
        stripePaymentMethodId: cardOf(i).paymentMethod,
        brand: 'visa',
        expMonth: 12,
        expYear: 2031,
        lastFour: '4242',
      })),
    );
  }
  const made = await db
    .insert(prices)
    .values(
      plans.map((p) => ({ organisationId, offeringId, amount: p.amount, billingFrequency: p.frequency })),
    )
    .returning({ id: prices.id });
  const subs = await db
    .insert(subscriptions)
    .values(
      plans.map((p, i) => ({
        organisationId,
        gymId,
        userId: people[i]!.id,
        priceId: made[i]!.id,
        paymentTypeId: types[i]!.id,
        startDate: p.start,
        anchorDay: +p.start.slice(8, 10),
      })),
    )
    .returning({ id: subscriptions.id });
  return plans.map((p, i) => ({
    userId: people[i]!.id,
    subscriptionId: subs[i]!.id,
    email: emails[i]!,
    name: names[i]!,
    bank: p.card ? null : bankOf(i),
    card: p.card ? cardOf(i) : null,
  }));
}

export interface BillingMember {
  userId: number;
  subscriptionId: number;
  frequency: 'daily' | 'weekly';
  start: CalendarDate;
  amount: number;
  /** The member's Akahu user token (ask the simulator for their payments with it). */
  akahuToken: string;
  email: string;
}

/** Bank members for the cluster test, with what the Akahu simulator must be taught of their connections. */
export async function createBillingMembers(
  db: Executor,
  secrets: ReturnType<typeof secretBox>,
  input: {
    organisationId: number;
    gymId: number;
    plans: { frequency: 'daily' | 'weekly'; start: CalendarDate }[];
  },
) {
  const { organisationId, gymId, plans } = input;
  const offering = await createOffering(db, { organisationId, allGymsAccess: true });
  const made = await insertPlannedMembers(db, secrets, {
    organisationId,
    gymId,
    offeringId: offering.id,
    label: 'cluster',
    tag: randomBytes(3).toString('hex'),
    plans: plans.map((p, i) => ({ ...p, amount: 1500 + i })),
  });
  const members: BillingMember[] = plans.map((p, i) => ({
    userId: made[i]!.userId,
    subscriptionId: made[i]!.subscriptionId,
    frequency: p.frequency,
    start: p.start,
    amount: 1500 + i,
    akahuToken: made[i]!.bank!.token,
    email: made[i]!.email,
  }));
  // With the state the product subscribes a connection's webhooks with, so the bank's answers arrive.
  const connections = made.map((m) => ({
    token: m.bank!.token,
    email: m.email,
    webhookState: akahuWebhookState({ organisationId, userId: m.userId }),
    accounts: [
      { id: m.bank!.account, name: 'Everyday', formattedAccount: '12-3140-0123456-00', holder: 'CLUSTER' },
    ],
  }));
  return { members, akahuConnections: connections };
}
