// Organisation settings, age-bypass links and the organisation's Akahu webhook calls. All SQL here.
import type { ActivityAction } from '@gym/domain/labels';
import { and, count, desc, eq } from 'drizzle-orm';
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import { ageBypassLinks, organisations, webhookCalls } from '../../db/schema/index';

export type OrganisationRow = typeof organisations.$inferSelect;
export type OrganisationChanges = Partial<
  Pick<
    typeof organisations.$inferInsert,
    | 'name'
    | 'enableOfferings'
    | 'nonStop'
    | 'limitedAccess'
    | 'weekly'
    | 'fortnightly'
    | 'monthly'
    | 'quarterly'
    | 'sixMonthly'
    | 'yearly'
    | 'failedPaymentGracePeriod'
    | 'failedPaymentGracePeriodUnit'
    | 'termMembershipGracePeriod'
    | 'termMembershipGracePeriodUnit'
    | 'legalName'
    | 'gstNumber'
    | 'memberPausesAllowed'
    | 'memberPauseMinDays'
    | 'memberPauseMaxDays'
    | 'memberPausesPerYear'
    | 'memberPauseNoticeDays'
    | 'memberOnlineCancellation'
  >
>;

export async function findOrganisation(db: Executor, organisationId: number) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  return row ?? null;
}

export async function updateOrganisation(
  db: Executor,
  organisationId: number,
  changes: OrganisationChanges,
  now: Date,
) {
  const [row] = await db
    .update(organisations)
    .set({ ...changes, updatedAt: now })
    .where(eq(organisations.id, organisationId))
    .returning();
  return row ?? null;
}

export async function insertActivity(
  db: Executor,
  entry: {
    organisationId: number;
    actorUserId: number;
    action: ActivityAction;
    data: Record<string, unknown>;
    requestId: string;
  },
) {
  await appendActivity(db, { ...entry, subjectType: 'organisation', subjectId: entry.organisationId });
}

export async function insertAgeBypassLink(
  db: Executor,
  input: { organisationId: number; token: string; createdBy: number; now: Date },
) {
  const [row] = await db
    .insert(ageBypassLinks)
    .values({
      organisationId: input.organisationId,
      token: input.token,
      createdBy: input.createdBy,
      createdAt: input.now,
    })
    .returning();
  return row!;
}

const akahuOf = (organisationId: number, status?: string) =>
  and(
    eq(webhookCalls.organisationId, organisationId),
    eq(webhookCalls.provider, 'akahu'),
    status ? eq(webhookCalls.status, status) : undefined,
  );

/** One page of the organisation's Akahu webhook calls, newest first, and how many there are. */
export async function listAkahuWebhooks(
  db: Executor,
  organisationId: number,
  filter: { status?: string | undefined; limit: number; offset: number },
) {
  const rows = await db
    .select({
      id: webhookCalls.id,
      eventType: webhookCalls.eventType,
      externalId: webhookCalls.externalId,
      signatureValid: webhookCalls.signatureValid,
      status: webhookCalls.status,
      error: webhookCalls.error,
      payload: webhookCalls.payload,
      receivedAt: webhookCalls.receivedAt,
      processedAt: webhookCalls.processedAt,
    })
    .from(webhookCalls)
    .where(akahuOf(organisationId, filter.status))
    .orderBy(desc(webhookCalls.receivedAt), desc(webhookCalls.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db
    .select({ n: count() })
    .from(webhookCalls)
    .where(akahuOf(organisationId, filter.status));
  return { rows, total: Number(total?.n ?? 0) };
}
