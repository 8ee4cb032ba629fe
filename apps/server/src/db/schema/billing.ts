// Subscriptions, pauses, charges and payment attempts: the tables the money engine (BILLING.md) moves.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { prices, privatePriceLinks } from './catalogue';
import { createdAt, id, instant, ref, updatedAt } from './columns';
import { destinationAccounts, gyms, organisations } from './organisations';
import { users } from './users';

export const paymentTypes = pgTable(
  'payment_types',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    userId: ref()
      .notNull()
      .references(() => users.id),
    /** Cards live on one gym's Stripe account. */
    gymId: ref().references(() => gyms.id),
    type: text().notNull(),
    createdAt: createdAt(),
    deletedAt: instant(),
  },
  (t) => [
    index('payment_types_user').on(t.organisationId, t.userId),
    check('payment_types_type', sql`${t.type} in ('bank_account','stripe_card')`),
  ],
);

/** An open-banking (Akahu) account a member pays from. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    paymentTypeId: ref()
      .primaryKey()
      .references(() => paymentTypes.id),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    akahuAccountId: text().notNull(),
    accountNumber: text().notNull(),
    name: text().notNull(),
    status: text().notNull().default('ACTIVE'),
    meta: jsonb().notNull().default({}),
  },
  (t) => [index('bank_accounts_akahu').on(t.akahuAccountId)],
);

export const cards = pgTable('cards', {
  paymentTypeId: ref()
    .primaryKey()
    .references(() => paymentTypes.id),
  organisationId: ref()
    .notNull()
    .references(() => organisations.id),
  stripeCustomerId: text().notNull(),
  stripePaymentMethodId: text().notNull(),
  brand: text().notNull(),
  expMonth: smallint().notNull(),
  expYear: smallint().notNull(),
  lastFour: text().notNull(),
  country: text(),
});

/** A member's enduring consent with Akahu; the user token is encrypted at rest. */
export const akahuConnections = pgTable(
  'akahu_connections',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    userId: ref()
      .notNull()
      .references(() => users.id),
    accessToken: text().notNull(),
    createdAt: createdAt(),
    revokedAt: instant(),
  },
  (t) => [index('akahu_connections_user').on(t.userId)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    gymId: ref()
      .notNull()
      .references(() => gyms.id),
    userId: ref()
      .notNull()
      .references(() => users.id),
    priceId: ref()
      .notNull()
      .references(() => prices.id),
    paymentTypeId: ref().references(() => paymentTypes.id),
    privatePriceLinkId: ref().references(() => privatePriceLinks.id),
    startDate: date({ mode: 'string' }).notNull(),
    /** Day of month periods are counted from (1-31), kept when a short month clamps it. */
    anchorDay: smallint().notNull(),
    currentPeriodStart: date({ mode: 'string' }),
    currentPeriodEnd: date({ mode: 'string' }),
    pausedAt: instant(),
    cancelledAt: instant(),
    endsAt: date({ mode: 'string' }),
    cancellationReasons: text().array().notNull().default(sql`'{}'::text[]`),
    cancellationComments: text(),
    undoCancellationUntil: instant(),
    gracePeriodEndsAt: date({ mode: 'string' }),
    pauseDaysCredit: integer().notNull().default(0),
    initialState: text(),
    upcomingState: text(),
    transitionToPriceId: ref().references(() => prices.id),
    transitionTakesEffectAt: date({ mode: 'string' }),
    forcePriceAmount: integer(),
    isStaging: boolean().notNull().default(false),
    isTermMembership: boolean().notNull().default(false),
    coolingPeriodEndsAt: date({ mode: 'string' }),
    termEndsAt: date({ mode: 'string' }),
    cancelledDuringCoolingOffPeriod: boolean().notNull().default(false),
    balanceOwing: integer().notNull().default(0),
    periodsOwing: integer().notNull().default(0),
    /** Optimistic lock: every write bumps it. */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_org_user').on(t.organisationId, t.userId),
    index('subscriptions_org_gym').on(t.organisationId, t.gymId),
    index('subscriptions_price').on(t.priceId),
    index('subscriptions_due').on(t.currentPeriodEnd).where(sql`${t.cancelledAt} is null`),
    // The members list's money filters (in grace, owing) start from the few subscriptions they match.
    index('subscriptions_org_in_grace')
      .on(t.organisationId)
      .where(sql`${t.gracePeriodEndsAt} is not null and ${t.cancelledAt} is null`),
    index('subscriptions_org_owing').on(t.organisationId).where(sql`${t.balanceOwing} > 0`),
    // The billing run's claims of a day (migration 0030): the next charge's date, grace ending, terms ending.
    index('subscriptions_next_due').on(
      sql`(case when ${t.currentPeriodStart} is null then ${t.startDate} else ${t.currentPeriodEnd} end)`,
      t.id,
    ),
    index('subscriptions_grace_ends')
      .on(t.gracePeriodEndsAt, t.id)
      .where(sql`${t.gracePeriodEndsAt} is not null and ${t.cancelledAt} is null`),
    index('subscriptions_term_ends')
      .on(t.termEndsAt, t.id)
      .where(sql`${t.isTermMembership} and ${t.cancelledAt} is null`),
    // A payment method changed or deleted moves its subscriptions' forecast key (migration 0035).
    index('subscriptions_payment_type').on(t.paymentTypeId).where(sql`${t.paymentTypeId} is not null`),
    // The few memberships still being signed up, whose charges the forecast leaves out (migration 0037).
    index('subscriptions_staging').on(t.id).where(sql`${t.isStaging}`),
    check('subscriptions_anchor_day', sql`${t.anchorDay} between 1 and 31`),
    check(
      'subscriptions_upcoming_state',
      sql`${t.upcomingState} is null or ${t.upcomingState} in ('upcoming','failed')`,
    ),
    check(
      'subscriptions_period_order',
      sql`${t.currentPeriodEnd} is null or ${t.currentPeriodEnd} > ${t.currentPeriodStart}`,
    ),
    check(
      'subscriptions_money',
      sql`${t.balanceOwing} >= 0 and ${t.periodsOwing} >= 0 and ${t.pauseDaysCredit} >= 0`,
    ),
    check('subscriptions_force_price', sql`${t.forcePriceAmount} is null or ${t.forcePriceAmount} >= 0`),
  ],
);

export const subscriptionPauses = pgTable(
  'subscription_pauses',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    subscriptionId: ref()
      .notNull()
      .references(() => subscriptions.id),
    /** First day paused. */
    startDate: date({ mode: 'string' }).notNull(),
    /** First day back (exclusive). */
    endDate: date({ mode: 'string' }).notNull(),
    creditDays: integer().notNull().default(0),
    createdBy: ref().references(() => users.id),
    createdAt: createdAt(),
    cancelledAt: instant(),
    /** When the billing run applied the pause (credit days worked out, next charge moved). */
    appliedAt: instant(),
    /** When the billing run ended it (the member is back). */
    endedAt: instant(),
  },
  (t) => [
    index('subscription_pauses_due')
      .on(t.startDate)
      .where(sql`${t.appliedAt} is null and ${t.cancelledAt} is null`),
    index('subscription_pauses_subscription').on(t.subscriptionId, t.startDate),
    check('subscription_pauses_order', sql`${t.endDate} > ${t.startDate}`),
    check('subscription_pauses_credit', sql`${t.creditDays} >= 0`),
  ],
);

/** What is owed for one period (or a joining fee, break fee, manual amount). Exactly one per (subscription, kind, period start). */
export const charges = pgTable(
  'charges',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    subscriptionId: ref()
      .notNull()
      .references(() => subscriptions.id),
    kind: text().notNull().default('period'),
    periodStart: date({ mode: 'string' }).notNull(),
    periodEnd: date({ mode: 'string' }),
    dueDate: date({ mode: 'string' }).notNull(),
    amount: integer().notNull(),
    surcharge: integer().notNull().default(0),
    isProRata: boolean().notNull().default(false),
    status: text().notNull().default('unpaid'),
    firstFailedAt: instant(),
    paidAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('charges_subscription_kind_period').on(t.subscriptionId, t.kind, t.periodStart),
    index('charges_org_status').on(t.organisationId, t.status, t.dueDate),
    index('charges_failed_unpaid')
      .on(t.firstFailedAt)
      .where(sql`${t.status} = 'unpaid' and ${t.firstFailedAt} is not null`),
    // Every charge that ever failed, with what says whether it was owed at a day's end: the dashboard's
    // past days (who was in grace) read it alone instead of every charge of the organisation.
    index('charges_org_failed')
      .on(t.organisationId, t.firstFailedAt, t.paidAt, t.subscriptionId, t.status)
      .where(sql`${t.firstFailedAt} is not null`),
    check('charges_kind', sql`${t.kind} in ('period','break_fee','manual')`),
    check('charges_status', sql`${t.status} in ('unpaid','paid','written_off','refunded')`),
    check('charges_amount', sql`${t.amount} >= 0 and ${t.surcharge} >= 0`),
  ],
);

/**
 * One attempt at a charge. At most one in flight and at most one successful of the whole charge per charge
 * (unique indexes); part payments (`pays_part`) add up to no more than the charge.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    gymId: ref()
      .notNull()
      .references(() => gyms.id),
    userId: ref()
      .notNull()
      .references(() => users.id),
    subscriptionId: ref().references(() => subscriptions.id),
    chargeId: ref().references(() => charges.id),
    paymentTypeId: ref().references(() => paymentTypes.id),
    destinationAccountId: ref().references(() => destinationAccounts.id),
    type: text().notNull(),
    amount: integer().notNull(),
    surcharge: integer().notNull().default(0),
    creditUsed: integer().notNull().default(0),
    forceAmount: integer(),
    periodStartAt: date({ mode: 'string' }),
    periodEndAt: date({ mode: 'string' }),
    status: text().notNull(),
    isRetry: boolean().notNull().default(false),
    isProRata: boolean().notNull().default(false),
    isTermMembership: boolean().notNull().default(false),
    attempt: smallint().notNull().default(1),
    /** Pays part of its charge (a part payment taken at the desk, or what is left after one). */
    paysPart: boolean().notNull().default(false),
    pollCount: integer().notNull().default(0),
    /** Written before the provider is called; the provider dedupes on it. */
    idempotencyKey: text().notNull(),
    akahuSid: text(),
    akahuId: text(),
    stripeId: text(),
    errorStatus: text(),
    errorDescription: text(),
    processedBy: ref().references(() => users.id),
    meta: jsonb().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    // One success of a charge's whole total; part payments add up to no more than it (under the charge's lock).
    uniqueIndex('payments_one_success_per_charge')
      .on(t.chargeId)
      .where(sql`${t.status} = 'sent' and not ${t.paysPart}`),
    uniqueIndex('payments_one_in_flight_per_charge')
      .on(t.chargeId)
      .where(sql`${t.status} in ('upcoming','pending_request')`),
    index('payments_org_created').on(t.organisationId, t.createdAt),
    index('payments_org_status_created').on(t.organisationId, t.status, t.createdAt),
    index('payments_org_gym_created').on(t.organisationId, t.gymId, t.createdAt),
    index('payments_user_created').on(t.userId, t.createdAt),
    index('payments_subscription').on(t.subscriptionId),
    // A charge's attempts (the retry's latest, whether staff took part of it, the reports' collections):
    // migration 0023, which also carries status, type, error and who processed it.
    index('payments_charge_attempt').on(t.chargeId, t.attempt),
    index('payments_pending').on(t.updatedAt).where(sql`${t.status} = 'pending_request'`),
    index('payments_akahu_id').on(t.akahuId),
    index('payments_stripe_id').on(t.stripeId),
    check(
      'payments_type',
      sql`${t.type} in ('bank_account','stripe_card','cash','eftpos','bank_transfer','credit')`,
    ),
    check(
      'payments_status',
      sql`${t.status} in ('upcoming','pending_request','sent','failed','declined','error','cancelled','refunded','disputed')`,
    ),
    check('payments_amount', sql`${t.amount} >= 0 and ${t.surcharge} >= 0 and ${t.creditUsed} >= 0`),
  ],
);

/** Scheduled and applied price changes of a subscription: the member's price-change history. */
export const priceChanges = pgTable(
  'price_changes',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    subscriptionId: ref()
      .notNull()
      .references(() => subscriptions.id),
    userId: ref()
      .notNull()
      .references(() => users.id),
    fromPriceId: ref().references(() => prices.id),
    toPriceId: ref()
      .notNull()
      .references(() => prices.id),
    fromAmount: integer().notNull(),
    toAmount: integer().notNull(),
    takesEffectAt: date({ mode: 'string' }).notNull(),
    notifiedAt: instant(),
    appliedAt: instant(),
    cancelledAt: instant(),
    createdBy: ref().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('price_changes_subscription').on(t.subscriptionId),
    index('price_changes_user').on(t.organisationId, t.userId),
  ],
);

/**
 * One row per Pacific/Auckland business day the billing run has finished. Workers run every unfinished
 * day in order; each step is idempotent, so a day begun by a worker that died is simply run again.
 */
export const billingRuns = pgTable('billing_runs', {
  day: date({ mode: 'string' }).primaryKey(),
  startedAt: instant().notNull(),
  finishedAt: instant(),
  /** Counts of what the run did (charges, attempts, retries, polls, graces ended, pauses). */
  summary: jsonb().notNull().default({}),
});

/**
 * A refund against a payment (BILLING.md "Cooling-off refund"): the payment stays `sent` (collected) and
 * what the gym kept is its total less its refunds. One per payment and reason, so a repeat refunds once.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    gymId: ref()
      .notNull()
      .references(() => gyms.id),
    paymentId: ref()
      .notNull()
      .references(() => payments.id),
    amount: integer().notNull(),
    /** cooling_off (the engine), or a provider's reason once refunds arrive by webhook. */
    reason: text().notNull(),
    /** How the money goes back: through Stripe, or by the gym's own bank transfer (open banking cannot pull). */
    method: text().notNull(),
    stripeRefundId: text(),
    createdBy: ref().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_refunds_one_per_reason').on(t.paymentId, t.reason),
    index('payment_refunds_org_created').on(t.organisationId, t.createdAt),
    check('payment_refunds_amount', sql`${t.amount} > 0`),
    check('payment_refunds_method', sql`${t.method} in ('stripe','bank_transfer_by_gym')`),
  ],
);

/**
 * The membership outbox's door checks: a transition asks for the member's door access to be brought in
 * line on a day (today, or the day a cancellation's paid period ends); the drain does it after commit.
 */
export const membershipDoorChecks = pgTable(
  'membership_door_checks',
  {
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    subscriptionId: ref()
      .notNull()
      .references(() => subscriptions.id),
    dueOn: date({ mode: 'string' }).notNull(),
    /** The drain working on the check now (drainMembershipOutbox), and since when by the database's clock. */
    claim: uuid(),
    claimedAt: instant(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.dueOn] }),
    index('membership_door_checks_due').on(t.dueOn),
  ],
);
