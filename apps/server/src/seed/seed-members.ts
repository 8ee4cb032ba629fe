// Inserts the planned members as they were when they joined: users, payment methods (bank accounts with
// their Akahu consent, cards), organisation memberships. Their subscriptions are made during the demo
// journey, on the day each member joins (seed-demo.ts).
import type { Executor } from '../db/client';
import * as s from '../db/schema/index';
import type { SecretBox } from '../db/secrets';
import { aucklandInstant } from './calendar';
import { DEMO_EMAILS } from './demo-people';
import { insertAll, insertReturning } from './insert';
import type { MemberPlan } from './member-plan';
import { nzBankAccount } from './nz-bank-account';
import type { Random } from './random';

export interface Person {
  plan: MemberPlan;
  userId: number;
  paymentTypeId: number;
  /** The member's bank consent, written when they join. */
  connection: typeof s.akahuConnections.$inferInsert | null;
}

/** When the member (or staff for them) signed up: a working hour on the day before their start. */
export function joinedAt(plan: MemberPlan): Date {
  return aucklandInstant(plan.joinedOn, 10 + (plan.person.name.length % 8), plan.person.email.length % 60);
}

export async function seedMembers(
  tx: Executor,
  random: Random,
  secrets: SecretBox,
  plans: MemberPlan[],
  passwordHash: string,
): Promise<Person[]> {
  const items = plans.map((plan) => ({ plan, createdAt: joinedAt(plan) }));
  const users = await insertReturning(
    tx,
    s.users,
    items.map(({ plan: { person }, createdAt }) => {
      const { notes, tags, confidenceAndExperience, hearAboutUs, hearAboutUsOther, ...personal } = person;
      return {
        ...personal,
        passwordHash: person.email === DEMO_EMAILS.member ? passwordHash : null,
        emailVerifiedAt: createdAt,
        createdAt: createdAt,
        updatedAt: createdAt,
      };
    }),
    ['id', 'email'],
  );
  const userIds = new Map(users.map((u) => [u.email, Number(u.id)]));
  const userIdOf = (plan: MemberPlan) => userIds.get(plan.person.email)!;

  const types = await insertReturning(
    tx,
    s.paymentTypes,
    items.map(({ plan, createdAt }) => ({
      organisationId: plan.org.id,
      userId: userIdOf(plan),
      gymId: plan.paysBy === 'stripe_card' ? plan.gym.id : null,
      type: plan.paysBy,
      createdAt: createdAt,
    })),
    ['id', 'userId'],
  );
  const typeIds = new Map(types.map((t) => [Number(t.userId), Number(t.id)]));
  const banks: (typeof s.bankAccounts.$inferInsert)[] = [];
  const cards: (typeof s.cards.$inferInsert)[] = [];
  // Each bank consent is written when its member joins (demo-events.ts), so the simulators learn it
  // with the Akahu app of the member's gym.
  const connections = new Map<number, typeof s.akahuConnections.$inferInsert>();
  for (const { plan, createdAt } of items) {
    const userId = userIdOf(plan);
    const paymentTypeId = typeIds.get(userId)!;
    const organisationId = plan.org.id;
    if (plan.paysBy === 'bank_account') {
      const account = nzBankAccount(random);
      const usual = random.pick(['Everyday', 'Spending', 'Bills', 'Go Account', 'Streamline', 'Free Up']);
      // The sandbox's "Pocket Money" accounts hold $3.50 (README: staging a failure), so these keep failing
      // (the demo journey gives the ones that run dry part-way plenty until that day).
      const name = keepsFailing(plan) ? 'Pocket Money' : usual;
      banks.push({
        paymentTypeId,
        organisationId,
        akahuAccountId: `acc_${random.hex(25)}`,
        accountNumber: account.number,
        name,
        meta: { bank: account.bank, holder: plan.person.name },
      });
      connections.set(userId, {
        organisationId,
        userId,
        accessToken: secrets.seal(`user_token_${random.hex(32)}`),
        createdAt: createdAt,
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
        expYear: Number(createdAt.toISOString().slice(0, 4)) + random.int(2, 5),
        // Stripe's test card …9995 declines for insufficient funds; other cards start at 5–8, away from
        // every declining test card's last four.
        lastFour: keepsFailing(plan) ? '9995' : `${random.int(5, 8)}${random.digits(3)}`,
        country: 'NZ',
      });
    }
  }
  await insertAll(tx, s.bankAccounts, banks);
  await insertAll(tx, s.cards, cards);

  await insertAll(
    tx,
    s.organisationMembers,
    items.map(({ plan, createdAt }) => ({
      organisationId: plan.org.id,
      userId: userIdOf(plan),
      homeGymId: plan.gym.id,
      notes: plan.person.notes,
      tags: plan.person.tags,
      confidenceAndExperience: plan.person.confidenceAndExperience,
      hearAboutUs: plan.person.hearAboutUs,
      hearAboutUsOther: plan.person.hearAboutUsOther,
      isReturningMember: plan.person.hearAboutUs === 'been_member_here_before',
      startDate: plan.memberSince,
      defaultPaymentTypeId: typeIds.get(userIdOf(plan))!,
      createdAt: createdAt,
      updatedAt: createdAt,
    })),
  );

  return items.map(({ plan }) => {
    const userId = userIdOf(plan);
    return { plan, userId, paymentTypeId: typeIds.get(userId)!, connection: connections.get(userId) ?? null };
  });
}

/** Members whose payment method fails once the engine asks it to (README, "Staging a failure"). */
export function keepsFailing(plan: MemberPlan): boolean {
  return plan.account.kind === 'failing' || (plan.account.kind === 'runs_dry' && plan.account.topUp === null);
}
