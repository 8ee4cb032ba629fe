// Door access (Kisi): the organisation's integration, each gym's place, its doors, members' credentials, visits.
import { CHECK_IN_REFUSALS } from '@gym/domain/check-in';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, ref, updatedAt } from './columns';
import { gyms, organisations } from './organisations';
import { users } from './users';

export const accessControlIntegrations = pgTable(
  'access_control_integrations',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    integrationType: text().notNull().default('kisi'),
    /** Encrypted at rest. */
    apiKey: text().notNull(),
    /** The organisation's own Kisi event-webhook signing key, encrypted at rest; null: the platform's. */
    sealedWebhookSecret: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('access_control_integrations_org').on(t.organisationId),
    check('access_control_integrations_type', sql`${t.integrationType} in ('kisi')`),
  ],
);

export const places = pgTable(
  'places',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    gymId: ref()
      .notNull()
      .references(() => gyms.id),
    integrationId: ref()
      .notNull()
      .references(() => accessControlIntegrations.id),
    placeId: text().notNull(),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('places_gym').on(t.gymId),
    // One Kisi place serves one gym of the organisation.
    uniqueIndex('places_org_place').on(t.organisationId, t.placeId),
    index('places_org').on(t.organisationId),
  ],
);

export const doors = pgTable(
  'doors',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    placeId: ref()
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    doorId: text().notNull(),
    name: text().notNull(),
    tracksVisits: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('doors_place_door').on(t.placeId, t.doorId)],
);

/** A person's door credential and access right at a gym's place. */
export const accessCredentials = pgTable(
  'access_credentials',
  {
    id: id(),
    organisationId: ref()
      .notNull()
      .references(() => organisations.id),
    userId: ref()
      .notNull()
      .references(() => users.id),
    placeId: ref()
      .notNull()
      .references(() => places.id),
    externalUserId: text(),
    loginId: text(),
    roleAssignmentId: text(),
    validFrom: instant(),
    validUntil: instant(),
    status: text().notNull().default('active'),
    meta: jsonb().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('access_credentials_user_place').on(t.userId, t.placeId),
    index('access_credentials_org').on(t.organisationId),
    check('access_credentials_status', sql`${t.status} in ('active','revoked')`),
  ],
);

export const visits = pgTable(
  'visits',
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
    doorId: ref().references(() => doors.id),
    visitedAt: instant().notNull(),
    successful: boolean().notNull().default(true),
    /** The door event's id, so a replayed webhook records one visit (the desk's key for a check-in). */
    externalEventId: text(),
    /** The staff member who checked the member in at the front desk (migration 0017); null for a door. */
    checkedInBy: ref().references(() => users.id),
    /** Why a desk check-in was refused (CHECK_IN_REFUSALS). */
    refusedReason: text({ enum: CHECK_IN_REFUSALS }),
    createdAt: createdAt(),
  },
  (t) => [
    index('visits_org_visited').on(t.organisationId, t.visitedAt),
    index('visits_org_gym_visited').on(t.organisationId, t.gymId, t.visitedAt),
    index('visits_user_visited').on(t.userId, t.visitedAt),
    uniqueIndex('visits_external_event').on(t.externalEventId),
    check(
      'visits_refused_reason',
      sql`${t.refusedReason} is null or ${t.refusedReason} in ('no_membership','cancelled','paused','not_started')`,
    ),
  ],
);

export const webhookCalls = pgTable(
  'webhook_calls',
  {
    id: id(),
    organisationId: ref().references(() => organisations.id),
    provider: text().notNull(),
    eventType: text(),
    externalId: text(),
    signatureValid: boolean().notNull(),
    status: text().notNull(),
    error: text(),
    headers: jsonb().notNull().default({}),
    payload: jsonb(),
    rawBody: text(),
    receivedAt: instant().notNull().defaultNow(),
    processedAt: instant(),
  },
  (t) => [
    index('webhook_calls_provider_received').on(t.provider, t.receivedAt),
    index('webhook_calls_org_received').on(t.organisationId, t.receivedAt),
    uniqueIndex('webhook_calls_processed_once')
      .on(t.provider, t.externalId)
      .where(sql`${t.status} = 'processed'`),
    check('webhook_calls_provider', sql`${t.provider} in ('akahu','stripe','kisi')`),
    check(
      'webhook_calls_status',
      sql`${t.status} in ('received','processed','rejected','failed','duplicate','ignored')`,
    ),
  ],
);
