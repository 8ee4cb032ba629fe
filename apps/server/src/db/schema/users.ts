import { STAFF_ROLES } from '@gym/domain/roles';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, instant, ref, updatedAt } from './columns';
import { gyms, organisations } from './organisations';

/** Every person: staff and members alike (`is_staff`). Personal fields live here, gym-specific ones on memberships. */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    passwordHash: text(),
    isStaff: boolean().notNull().default(false),
    twoFactorEnabled: boolean().notNull().default(false),
    emailVerifiedAt: instant(),
    mobileNumber: text(),
    dob: date({ mode: 'string' }),
    emailNotificationsEnabled: boolean().notNull().default(true),
    pushNotificationsEnabled: boolean().notNull().default(false),
    paymentReminders: boolean().notNull().default(true),
    emergencyContactName: text(),
    emergencyContactEmail: text(),
    emergencyContactMobileNumber: text(),
    emergencyContactRelationship: text(),
    profilePicturePath: text(),
    address: text(),
    suburb: text(),
    city: text(),
    postCode: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant(),
  },
  (t) => [
    uniqueIndex('users_email').on(sql`lower(${t.email})`),
    check('users_name_present', sql`length(trim(${t.name})) > 0`),
    check('users_email_shape', sql`${t.email} like '%_@_%'`),
  ],
);

/** A staff user's place in an organisation. role null: staff with per-gym roles only. */
export const organisationStaff = pgTable(
  'organisation_staff',
  {
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    userId: ref()
      .notNull()
      .references(() => users.id),
    role: text({ enum: STAFF_ROLES }),
    pendingInvite: boolean().notNull().default(false),
    /** The name the inviting admin typed, shown here until the person accepts (then their own). */
    invitedName: text(),
    invitedAt: instant(),
    acceptedAt: instant(),
    accessEnabled: boolean().notNull().default(false),
    /** Organisation admins: the weekly digest email on Monday mornings (migration 0024), unless switched off. */
    weeklyDigest: boolean().notNull().default(true),
    createdAt: createdAt(),
    deletedAt: instant(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId] }),
    index('organisation_staff_user').on(t.userId),
    check('organisation_staff_role', sql`${t.role} is null or ${t.role} in ('admin','personal_trainer')`),
  ],
);

export const gymStaff = pgTable(
  'gym_staff',
  {
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    gymId: ref()
      .notNull()
      .references(() => gyms.id),
    userId: ref()
      .notNull()
      .references(() => users.id),
    role: text({ enum: STAFF_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.gymId, t.userId] }),
    index('gym_staff_user').on(t.userId, t.organisationId),
    check('gym_staff_role', sql`${t.role} in ('admin','personal_trainer')`),
  ],
);

/** A member of an organisation. The member's id in the API is the user id. */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    userId: ref()
      .notNull()
      .references(() => users.id),
    homeGymId: ref().references(() => gyms.id),
    notes: text(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    confidenceAndExperience: text(),
    hearAboutUs: text(),
    hearAboutUsOther: text(),
    isReturningMember: boolean().notNull().default(false),
    reauthenticateAkahu: boolean().notNull().default(false),
    startDate: date({ mode: 'string' }),
    billingDate: date({ mode: 'string' }),
    defaultPaymentTypeId: ref(),
    ageBypassLinkId: ref(),
    /**
     * The member's latest subscription here (by created_at, then id) and their last allowed visit at any
     * of the organisation's gyms: kept by triggers on subscriptions and visits (migration 0009), so the
     * members list joins them by key instead of looking both up for every member.
     */
    latestSubscriptionId: ref(),
    lastVisitAt: instant(),
    /**
     * That latest subscription's next payment date and balance owing (none: null and 0), kept by triggers
     * (migration 0033) so the members list's next-payment and balance sorts walk an index (decision 018).
     */
    nextPaymentDate: date({ mode: 'string' }),
    balanceOwing: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId] }),
    index('organisation_members_user').on(t.userId),
    index('organisation_members_org_created')
      .on(t.organisationId, t.createdAt, t.userId)
      .where(sql`${t.deletedAt} is null`),
    index('organisation_members_org_last_visit')
      .on(t.organisationId, t.lastVisitAt, t.userId)
      .where(sql`${t.deletedAt} is null`),
    index('organisation_members_org_next_payment')
      .on(t.organisationId, t.nextPaymentDate, t.userId)
      .where(sql`${t.deletedAt} is null`),
    index('organisation_members_org_balance')
      .on(t.organisationId, t.balanceOwing, t.userId)
      .where(sql`${t.deletedAt} is null`),
    index('organisation_members_latest_subscription').on(t.latestSubscriptionId),
    index('organisation_members_org_gym').on(t.organisationId, t.homeGymId),
    index('organisation_members_tags').using('gin', t.tags),
  ],
);

/** A member at risk marked contacted by staff, with what was said (migration 0024, issue 29). */
export const atRiskContacts = pgTable(
  'at_risk_contacts',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    userId: ref()
      .notNull()
      .references(() => users.id),
    contactedBy: ref().references(() => users.id),
    note: text().notNull(),
    contactedAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('at_risk_contacts_org_user').on(t.organisationId, t.userId, t.contactedAt),
    index('at_risk_contacts_org_contacted').on(t.organisationId, t.contactedAt),
  ],
);
