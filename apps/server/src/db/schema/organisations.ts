import { GRACE_PERIOD_UNITS } from '@gym/domain/grace-period';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, ref, updatedAt } from './columns';

export const organisations = pgTable(
  'organisations',
  {
    id: id(),
    name: text().notNull(),
    multiGym: boolean().notNull().default(false),
    // Offering permissions.
    enableOfferings: boolean().notNull().default(true),
    nonStop: boolean().notNull().default(true),
    limitedAccess: boolean().notNull().default(true),
    // Price frequencies the organisation offers.
    weekly: boolean().notNull().default(true),
    fortnightly: boolean().notNull().default(true),
    monthly: boolean().notNull().default(true),
    quarterly: boolean().notNull().default(false),
    sixMonthly: boolean().notNull().default(false),
    yearly: boolean().notNull().default(false),
    failedPaymentGracePeriod: integer().notNull().default(14),
    failedPaymentGracePeriodUnit: text({ enum: GRACE_PERIOD_UNITS }).notNull().default('days'),
    termMembershipGracePeriod: integer().notNull().default(28),
    termMembershipGracePeriodUnit: text({ enum: GRACE_PERIOD_UNITS }).notNull().default('days'),
    minimumAge: integer().notNull().default(16),
    // Printed on receipts (New Zealand taxable supply information).
    legalName: text(),
    gstNumber: text(),
    // What members may do themselves on the join site (issue 24).
    memberPausesAllowed: boolean().notNull().default(true),
    memberPauseMinDays: integer().notNull().default(7),
    memberPauseMaxDays: integer().notNull().default(90),
    memberPausesPerYear: integer().notNull().default(2),
    memberPauseNoticeDays: integer().notNull().default(0),
    memberOnlineCancellation: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('organisations_name_present', sql`length(trim(${t.name})) > 0`),
    check('organisations_grace_unit', sql`${t.failedPaymentGracePeriodUnit} in ('days','weeks','months')`),
    check(
      'organisations_term_grace_unit',
      sql`${t.termMembershipGracePeriodUnit} in ('days','weeks','months')`,
    ),
    check('organisations_grace_range', sql`${t.failedPaymentGracePeriod} between 0 and 365`),
    check('organisations_term_grace_range', sql`${t.termMembershipGracePeriod} between 0 and 365`),
    check(
      'organisations_member_pause_days',
      sql`${t.memberPauseMinDays} between 1 and 365 and ${t.memberPauseMaxDays} between ${t.memberPauseMinDays} and 365`,
    ),
    check(
      'organisations_member_pause_counts',
      sql`${t.memberPausesPerYear} between 0 and 12 and ${t.memberPauseNoticeDays} between 0 and 90`,
    ),
  ],
);

/** Organisation-wide links that let a person under the minimum age join. */
export const ageBypassLinks = pgTable(
  'age_bypass_links',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    token: text().notNull(),
    createdBy: ref(),
    createdAt: createdAt(),
    usedAt: instant(),
    revokedAt: instant(),
  },
  (t) => [
    uniqueIndex('age_bypass_links_token').on(t.token),
    index('age_bypass_links_org').on(t.organisationId),
  ],
);

export const gyms = pgTable(
  'gyms',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    uuid: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    logoPath: text(),
    logoUpdatedAt: instant(),
    stripeId: text(),
    stripeConnectedAt: instant(),
    /** What Stripe last said (account.updated): whether the connected account can take charges; null unknown. */
    stripeChargesEnabled: boolean(),
    /** Stripe's `requirements.disabled_reason` while charges are off. */
    stripeDisabledReason: text(),
    priceChangeNotificationReplyTo: text(),
    branchAppId: text(),
    branchKey: text(),
    /** Encrypted at rest (see db/secrets.ts). */
    branchSecret: text(),
    akahuAppToken: text(),
    /** Encrypted at rest (see db/secrets.ts). */
    akahuAppSecret: text(),
    /** Basis points: 2500 = 25% of the remaining term value. */
    breakFeeBasisPoints: integer().notNull().default(0),
    /** Basis points added to card payments: 250 = 2.5%. */
    cardSurchargeBasisPoints: integer().notNull().default(0),
    generalCardSurchargeText: text(),
    tracksVisits: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('gyms_org').on(t.organisationId),
    uniqueIndex('gyms_uuid').on(t.uuid),
    uniqueIndex('gyms_stripe_id').on(t.stripeId),
    check('gyms_name_present', sql`length(trim(${t.name})) > 0`),
    check('gyms_break_fee_range', sql`${t.breakFeeBasisPoints} between 0 and 10000`),
    check('gyms_card_surcharge_range', sql`${t.cardSurchargeBasisPoints} between 0 and 1000`),
  ],
);

/** The bank account a gym's money is paid into. One per gym. */
export const destinationAccounts = pgTable(
  'destination_accounts',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    gymId: ref()
      .notNull()
      .references(() => gyms.id),
    name: text().notNull(),
    bankAccountNumber: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('destination_accounts_gym').on(t.gymId),
    index('destination_accounts_org').on(t.organisationId),
  ],
);
