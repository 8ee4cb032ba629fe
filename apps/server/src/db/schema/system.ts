// Sessions, one-time tokens, rate limits, jobs, outgoing mail and the append-only activity log.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, ref } from './columns';
import { gyms, organisations } from './organisations';
import { users } from './users';

/** Server-side sessions. `id` is the SHA-256 of the cookie value, never the value itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: ref()
      .notNull()
      .references(() => users.id),
    currentOrganisationId: ref().references(() => organisations.id),
    currentGymId: ref().references(() => gyms.id),
    twoFactorVerifiedAt: instant(),
    ip: text(),
    userAgent: text(),
    createdAt: createdAt(),
    lastSeenAt: instant().notNull().defaultNow(),
    expiresAt: instant().notNull(),
    revokedAt: instant(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Single-use tokens (password reset, invitation, two-factor code), stored hashed. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    userId: ref()
      .notNull()
      .references(() => users.id),
    kind: text().notNull(),
    tokenHash: text().notNull(),
    organisationId: ref().references(() => organisations.id),
    attempts: integer().notNull().default(0),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash').on(t.kind, t.tokenHash),
    index('auth_tokens_user_kind').on(t.userId, t.kind),
    check('auth_tokens_kind', sql`${t.kind} in ('password_reset','invitation','two_factor')`),
  ],
);

/** A member's new email address, waiting for the code sent to it before it replaces the old one. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    userId: ref()
      .notNull()
      .references(() => users.id),
    newEmail: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user').on(t.userId, t.createdAt)],
);

/** Fixed-window counters for brute-force limits, shared by every server process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().notNull(),
    windowStart: instant().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Durable jobs: idempotent by `key`; many workers claim with SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    /** The organisation whose job it is (null: a job of the whole system). */
    organisationId: ref().references(() => organisations.id),
    name: text().notNull(),
    key: text().notNull(),
    payload: jsonb().notNull().default({}),
    status: text().notNull().default('queued'),
    runAt: instant().notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    lockedBy: text(),
    lockedUntil: instant(),
    lastError: text(),
    createdAt: createdAt(),
    finishedAt: instant(),
  },
  (t) => [
    uniqueIndex('jobs_name_key').on(t.name, t.key),
    index('jobs_organisation').on(t.organisationId, t.id),
    index('jobs_due').on(t.runAt).where(sql`${t.status} = 'queued'`),
    check('jobs_status', sql`${t.status} in ('queued','running','done','failed')`),
  ],
);

/**
 * The mail outbox. Each message is written here, rendered, in the transaction of the change that causes
 * it, once per natural `key` ('receipt:payment:42'); the sender claims unsent rows with SKIP LOCKED,
 * sends them and marks them sent, so a crash neither loses a message nor sends one twice. 'skipped'
 * rows are never sent (the demo seed's made-up history).
 */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: id(),
    key: text().notNull(),
    organisationId: ref().references(() => organisations.id),
    userId: ref().references(() => users.id),
    template: text().notNull(),
    toAddress: text().notNull(),
    replyTo: text(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    status: text().notNull().default('queued'),
    /** Tries so far (counted when a sender claims the row); the sender gives up after a few. */
    attempts: integer().notNull().default(0),
    /** Not claimed again before this: a sender's lease while it sends, or the wait after a failed try. */
    nextAttemptAt: instant(),
    error: text(),
    createdAt: createdAt(),
    sentAt: instant(),
  },
  (t) => [
    uniqueIndex('outbound_emails_key').on(t.key),
    index('outbound_emails_org').on(t.organisationId, t.createdAt),
    index('outbound_emails_unsent').on(t.id).where(sql`${t.status} = 'queued'`),
    check('outbound_emails_status', sql`${t.status} in ('queued','sent','failed','skipped')`),
  ],
);

/** Append-only (a trigger refuses UPDATE and DELETE): every change to money or membership state, and who made it. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: id(),
    organisationId: ref().references(() => organisations.id),
    actorUserId: ref().references(() => users.id),
    /** The member the entry is about, for the member activity screen. */
    userId: ref().references(() => users.id),
    subjectType: text().notNull(),
    subjectId: ref(),
    action: text().notNull(),
    data: jsonb().notNull().default({}),
    requestId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_log_org_created').on(t.organisationId, t.createdAt),
    index('activity_log_user_created').on(t.userId, t.createdAt),
    index('activity_log_subject').on(t.subjectType, t.subjectId),
  ],
);

/**
 * Sandbox only: where the travelling application clock stands (demos and tests move it forward), so a
 * restart keeps the date the billing already reached. One row at most.
 */
export const devClock = pgTable(
  'dev_clock',
  {
    id: integer().primaryKey().default(1),
    /** The application time at `setAt` (real time); the clock runs on from there. */
    appTimeAt: instant().notNull(),
    setAt: instant().notNull(),
  },
  (t) => [check('dev_clock_one_row', sql`${t.id} = 1`)],
);
