// Inserts the planned members: users, payment methods (bank accounts, cards), memberships, subscriptions.
import type { Executor } from '../client';
import * as s from '../schema/index';
import type { SecretBox } from '../secrets';
import type { Outcome } from './billing-sim';
import { aucklandDate } from './calendar';
import { DEMO_EMAILS } from './demo-people';
import { insertAll, insertReturning } from './insert';
import type { MemberPlan } from './member-plan';
import { nzBankAccount } from './nz-bank-account';
import type { Random } from './random';

export interface Planned {
  plan: MemberPlan;
  outcome: Outcome;
  userId: number;
  paymentTypeId: number;
  subscriptionId: number;
}

export async function seedMembers(
  tx: Executor,
  random: Random,
  secrets: SecretBox,
  items: { plan: MemberPlan; outcome: Outcome }[],
  passwordHash: string,
): Promise<Planned[]> {
  const users = await insertReturning(
    tx,
    s.users,
    items.map(({ plan: { person }, outcome }) => {
      const { notes, tags, confidenceAndExperience, hearAboutUs, hearAboutUsOther, ...personal } = person;
      return {
        ...personal,
        passwordHash: person.email === DEMO_EMAILS.member ? passwordHash : null,
        emailVerifiedAt: outcome.createdAt,
        createdAt: outcome.createdAt,
        updatedAt: outcome.createdAt,
      };
    }),
    ['id', 'email'],
  );
  const userIds = new Map(users.map((u) => [u.email, Number(u.id)]));
  const userIdOf = (plan: MemberPlan) => userIds.get(plan.person.email)!;

  const types = await insertReturning(
    tx,
    s.paymentTypes,
    items.map(({ plan, outcome }) => ({
      organisationId: plan.org.id,
      userId: userIdOf(plan),
      gymId: plan.paysBy === 'stripe_card' ? plan.gym.id : null,
      type: plan.paysBy,
      createdAt: outcome.createdAt,
    })),
    ['id', 'userId'],
  );
  const typeIds = new Map(types.map((t) => [Number(t.userId), Number(t.id)]));
  const banks: (typeof s.bankAccounts.$inferInsert)[] = [];
  const cards: (typeof s.cards.$inferInsert)[] = [];
  const connections: (typeof s.akahuConnections.$inferInsert)[] = [];
  for (const { plan, outcome } of items) {
    const userId = userIdOf(plan);
    const paymentTypeId = typeIds.get(userId)!;
    const organisationId = plan.org.id;
    if (plan.paysBy === 'bank_account') {
      const account = nzBankAccount(random);
      const usual = random.pick(['Everyday', 'Spending', 'Bills', 'Go Account', 'Streamline', 'Free Up']);
      // The sandbox's "Pocket Money" accounts hold $3.50 (README: staging a failure), so these keep failing.
      const name = keepsFailing(plan, random) ? 'Pocket Money' : usual;
      banks.push({
        paymentTypeId,
        organisationId,
        akahuAccountId: `acc_${random.hex(25)}`,
        accountNumber: account.number,
        name,
        meta: { bank: account.bank, holder: plan.person.name },
      });
      connections.push({
        organisationId,
        userId,
        accessToken: secrets.seal(`user_token_${random.hex(32)}`),
        createdAt: outcome.createdAt,
      });
    } else {
      const brand = random.weighted([
        ['visa', 6],
        ['mastercard', 4],
      ] as const);
      cards.push({
        paymentTypeId,
        organisationId,
        stripeCustomerId: `cus_${random.hex(14)}`,
        stripePaymentMethodId: `pm_${random.hex(24)}`,
        brand,
        expMonth: random.int(1, 12),
        expYear: Number(outcome.createdAt.toISOString().slice(0, 4)) + random.int(2, 5),
        // Stripe's test card …9995 declines for insufficient funds; other cards start at 5–8, away from
        // every declining test card's last four.
        lastFour: keepsFailing(plan, random) ? '9995' : `${random.int(5, 8)}${random.digits(3)}`,
        country: 'NZ',
      });
    }
  }
  await insertAll(tx, s.bankAccounts, banks);
  await insertAll(tx, s.cards, cards);
  await insertAll(tx, s.akahuConnections, connections);

  await insertAll(
    tx,
    s.organisationMembers,
    items.map(({ plan, outcome }) => ({
      organisationId: plan.org.id,
      userId: userIdOf(plan),
      homeGymId: plan.gym.id,
      notes: plan.person.notes,
      tags: plan.person.tags,
      confidenceAndExperience: plan.person.confidenceAndExperience,
      hearAboutUs: plan.person.hearAboutUs,
      hearAboutUsOther: plan.person.hearAboutUsOther,
      isReturningMember: plan.person.hearAboutUs === 'been_member_here_before',
      startDate: plan.startDate,
      defaultPaymentTypeId: typeIds.get(userIdOf(plan))!,
      createdAt: outcome.createdAt,
      updatedAt: outcome.createdAt,
    })),
  );

  const subscriptions = await insertReturning(
    tx,
    s.subscriptions,
    items.map(({ plan, outcome }) =>
      subscriptionRow(plan, outcome, userIdOf(plan), typeIds.get(userIdOf(plan))!),
    ),
    ['id', 'userId'],
  );
  const subscriptionIds = new Map(subscriptions.map((row) => [Number(row.userId), Number(row.id)]));
  return items.map(({ plan, outcome }) => {
    const userId = userIdOf(plan);
    return {
      plan,
      outcome,
      userId,
      paymentTypeId: typeIds.get(userId)!,
      subscriptionId: subscriptionIds.get(userId)!,
    };
  });
}

function subscriptionRow(
  plan: MemberPlan,
  o: Outcome,
  userId: number,
  paymentTypeId: number,
): typeof s.subscriptions.$inferInsert {
  const lastAttempt = o.charges.flatMap((c) => c.attempts.map((a) => a.settledAt.getTime()));
  const updatedAt = new Date(Math.max(o.createdAt.getTime(), o.cancelledAt?.getTime() ?? 0, ...lastAttempt));
  const upcoming = plan.state === 'upcoming' || plan.state === 'upcoming_failed';
  return {
    organisationId: plan.org.id,
    gymId: plan.gym.id,
    userId,
    priceId: plan.price.id,
    paymentTypeId,
    privatePriceLinkId: plan.price.privateLinkId,
    startDate: plan.startDate,
    anchorDay: o.anchorDay,
    currentPeriodStart: o.currentPeriod?.start ?? null,
    currentPeriodEnd: o.currentPeriod?.end ?? null,
    pausedAt: o.pausedAt,
    cancelledAt: o.cancelledAt,
    endsAt: o.endsAt,
    cancellationReasons: plan.reasons,
    cancellationComments: plan.comment,
    undoCancellationUntil: o.undoCancellationUntil,
    gracePeriodEndsAt: o.gracePeriodEndsAt,
    pauseDaysCredit: plan.state === 'paused' ? o.pauseCreditDays : 0,
    initialState: aucklandDate(o.createdAt) < plan.startDate ? 'upcoming' : 'active',
    upcomingState:
      plan.state === 'upcoming' ? 'upcoming' : plan.state === 'upcoming_failed' ? 'failed' : null,
    transitionToPriceId: plan.scheduledChangeTo?.id ?? null,
    transitionTakesEffectAt: plan.scheduledChangeTo ? (o.currentPeriod?.end ?? null) : null,
    forcePriceAmount: plan.forcePriceAmount,
    isTermMembership: plan.price.def.term !== undefined,
    coolingPeriodEndsAt: o.coolingPeriodEndsAt,
    termEndsAt: o.termEndsAt,
    cancelledDuringCoolingOffPeriod: plan.state === 'term_cooling_cancelled',
    balanceOwing: o.balanceOwing,
    periodsOwing: o.periodsOwing,
    version: 1 + o.charges.length + (upcoming ? 0 : 1),
    createdAt: o.createdAt,
    updatedAt,
  };
}

/**
 * Whether a member's payment method keeps failing once the billing engine takes over: members whose
 * grace ran out or whose first payment failed, and about half of those in grace now (the rest recover
 * on their next retry).
 */
function keepsFailing(plan: MemberPlan, random: Random): boolean {
  if (plan.state === 'grace_cancelled' || plan.state === 'upcoming_failed') return true;
  return plan.state === 'grace' && random.chance(0.5);
}
