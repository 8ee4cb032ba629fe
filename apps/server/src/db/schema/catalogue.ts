import { BILLING_FREQUENCIES } from '@gym/domain/billing-frequency';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, instant, ref, updatedAt } from './columns';
import { gyms, organisations } from './organisations';
import { users } from './users';

export const offerings = pgTable(
  'offerings',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    /** Set for a single-gym offering. */
    gymId: ref().references(() => gyms.id),
    name: text().notNull(),
    description: text(),
    type: text().notNull(),
    allGymsAccess: boolean().notNull().default(false),
    mandated: boolean().notNull().default(false),
    hoursMandated: boolean().notNull().default(false),
    pricesMandated: boolean().notNull().default(false),
    archivedAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('offerings_org').on(t.organisationId, t.archivedAt),
    check('offerings_type', sql`${t.type} in ('24_7','limited_access')`),
    check('offerings_name_present', sql`length(trim(${t.name})) > 0`),
  ],
);

export const offeringHours = pgTable(
  'offering_hours',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    offeringId: ref()
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    day: smallint().notNull(),
    openAt: time().notNull(),
    closeAt: time().notNull(),
  },
  (t) => [
    index('offering_hours_offering').on(t.offeringId),
    check('offering_hours_day', sql`${t.day} between 1 and 7`),
    check('offering_hours_order', sql`${t.openAt} < ${t.closeAt}`),
  ],
);

export const offeringGyms = pgTable(
  'offering_gyms',
  {
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    offeringId: ref()
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    gymId: ref()
      .notNull()
      .references(() => gyms.id),
  },
  (t) => [primaryKey({ columns: [t.offeringId, t.gymId] }), index('offering_gyms_gym').on(t.gymId)],
);

export const prices = pgTable(
  'prices',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    offeringId: ref()
      .notNull()
      .references(() => offerings.id),
    gymId: ref().references(() => gyms.id),
    /** Cents, NZD, GST inclusive. */
    amount: integer().notNull(),
    billingFrequency: text({ enum: BILLING_FREQUENCIES }).notNull(),
    joiningFee: integer().notNull().default(0),
    private: boolean().notNull().default(false),
    termAmount: integer(),
    termUnit: text(),
    groupingUniqueIdentifier: uuid().notNull().defaultRandom(),
    archivedAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('prices_offering').on(t.offeringId),
    index('prices_org').on(t.organisationId),
    check('prices_amount', sql`${t.amount} > 0 and ${t.amount} <= 10000000`),
    check('prices_joining_fee', sql`${t.joiningFee} >= 0 and ${t.joiningFee} <= 10000000`),
    check(
      'prices_frequency',
      sql`${t.billingFrequency} in ('daily','weekly','fortnightly','monthly','bi_monthly','quarterly','twice_yearly','yearly','one_off')`,
    ),
    check('prices_term_together', sql`(${t.termAmount} is null) = (${t.termUnit} is null)`),
    check(
      'prices_term_unit',
      sql`${t.termUnit} is null or ${t.termUnit} in ('days','weeks','months','years')`,
    ),
    check('prices_term_amount', sql`${t.termAmount} is null or ${t.termAmount} between 1 and 120`),
  ],
);

/** An unguessable link to a (usually private) price; `age_bypass` lets an under-age person join through it. */
export const privatePriceLinks = pgTable(
  'private_price_links',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    priceId: ref()
      .notNull()
      .references(() => prices.id, { onDelete: 'cascade' }),
    token: text().notNull(),
    ageBypass: boolean().notNull().default(false),
    createdBy: ref().references(() => users.id),
    createdAt: createdAt(),
    revokedAt: instant(),
  },
  (t) => [
    uniqueIndex('private_price_links_token').on(t.token),
    index('private_price_links_price').on(t.priceId),
  ],
);
