// Members who pay by bank (Akahu), written straight into the database as the crash test's are: a price of
// their own each, a connected bank account, and a subscription starting on a given day, so the daily run
// charges them from that day on, and the bank's answers come by webhook. The cluster test (scripts/cluster-test.ts) makes them in each of its
// organisations; `akahuConnections` is what the Akahu simulator must be taught (it keeps nothing).
import { randomBytes } from 'node:crypto';
import type { CalendarDate } from '@gym/domain/calendar-date';
import type { Executor } from '../db/client';
import {
  akahuConnections,
  bankAccounts,
  organisationMembers,
  paymentTypes,
  prices,
  subscriptions,
  users,
} from '../db/schema/index';
import type { secretBox } from '../db/secrets';
import { akahuWebhookState } from '../features/webhooks';
import { createOffering } from './catalogue-factories';

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
  const tag = randomBytes(3).toString('hex');
  const offering = await createOffering(db, { organisationId, allGymsAccess: true });
  const emails = plans.map((_, i) => `billing-${tag}-${i}@cluster.test`);
  const people = await db
    .insert(users)
    .values(plans.map((_, i) => ({ name: `Billing Member ${tag} ${i}`, email: emails[i]! })))
    .returning({ id: users.id });
  await db
    .insert(organisationMembers)
    .values(people.map((u) => ({ organisationId, userId: u.id, homeGymId: gymId })));
  const types = await db
    .insert(paymentTypes)
    .values(people.map((u) => ({ organisationId, userId: u.id, type: 'bank_account' as const })))
    .returning({ id: paymentTypes.id });
  const token = (i: number) => `user_token_cluster_${tag}_${i}`;
  const account = (i: number) => `acc_cluster_${tag}_${i}`;
  await db.insert(bankAccounts).values(
    plans.map((_, i) => ({
      paymentTypeId: types[i]!.id,
      organisationId,
      akahuAccountId: account(i),
      accountNumber: '12-3140-0123456-00',
      name: 'Everyday',
    })),
  );
  await db
    .insert(akahuConnections)
    .values(people.map((u, i) => ({ organisationId, userId: u.id, accessToken: secrets.seal(token(i)) })));
  const amounts = plans.map((_, i) => 1500 + i);
  const made = await db
    .insert(prices)
    .values(
      plans.map((p, i) => ({
        organisationId,
        offeringId: offering.id,
        amount: amounts[i]!,
        billingFrequency: p.frequency,
      })),
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
  const members: BillingMember[] = plans.map((p, i) => ({
    userId: people[i]!.id,
    subscriptionId: subs[i]!.id,
    frequency: p.frequency,
    start: p.start,
    amount: amounts[i]!,
    akahuToken: token(i),
    email: emails[i]!,
  }));
  // With the state the product subscribes a connection's webhooks with, so the bank's answers arrive.
  const connections = plans.map((_, i) => ({
    token: token(i),
    email: emails[i]!,
    webhookState: akahuWebhookState({ organisationId, userId: people[i]!.id }),
    accounts: [
      { id: account(i), name: 'Everyday', formattedAccount: '12-3140-0123456-00', holder: 'CLUSTER' },
    ],
  }));
  return { members, akahuConnections: connections };
}
