// The record of every webhook call (webhook_calls). A call is `processed` at most once per provider
// event (a partial unique index), so claiming an event and processing it share one transaction.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { webhookCalls } from '../../db/schema/index';

export type WebhookProvider = 'akahu' | 'stripe' | 'kisi';
export type WebhookCallStatus = 'processed' | 'rejected' | 'failed' | 'duplicate';

export interface WebhookCallInput {
  organisationId: number | null;
  provider: WebhookProvider;
  eventType: string | null;
  externalId: string | null;
  signatureValid: boolean;
  status: WebhookCallStatus;
  /** Why it was rejected or failed, or a note on a processed call ('no matching record'). */
  error: string | null;
  headers: Record<string, string>;
  payload: unknown;
  rawBody: string;
  receivedAt: Date;
  processedAt: Date | null;
}

const valuesOf = (input: WebhookCallInput) => ({ ...input, payload: input.payload ?? null });

/** Records a call that is not processed (rejected, failed, duplicate). */
export async function insertWebhookCall(db: Executor, input: WebhookCallInput): Promise<number> {
  const [row] = await db.insert(webhookCalls).values(valuesOf(input)).returning({ id: webhookCalls.id });
  return row!.id;
}

/**
 * Records the call as the processing of its event; null when that event was already processed (a
 * concurrent delivery won the unique index).
 */
export async function claimWebhookEvent(db: Executor, input: WebhookCallInput): Promise<number | null> {
  const [row] = await db
    .insert(webhookCalls)
    .values(valuesOf({ ...input, status: 'processed' }))
    .onConflictDoNothing({
      target: [webhookCalls.provider, webhookCalls.externalId],
      where: sql.raw(`status = 'processed'`),
    })
    .returning({ id: webhookCalls.id });
  return row?.id ?? null;
}

/** A processed note found only while applying the event. */
export async function setWebhookCallNote(db: Executor, id: number, note: string): Promise<void> {
  await db.update(webhookCalls).set({ error: note }).where(eq(webhookCalls.id, id));
}

/** The call that processed this provider event, if any (the organisation it was found to belong to). */
export async function findProcessedWebhookEvent(
  db: Executor,
  provider: WebhookProvider,
  externalId: string,
): Promise<{ id: number; organisationId: number | null } | null> {
  const [row] = await db
    .select({ id: webhookCalls.id, organisationId: webhookCalls.organisationId })
    .from(webhookCalls)
    .where(
      and(
        eq(webhookCalls.provider, provider),
        eq(webhookCalls.externalId, externalId),
        eq(webhookCalls.status, 'processed'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface WebhookCallFilter {
  provider?: WebhookProvider | undefined;
  status?: string | undefined;
  limit: number;
  offset: number;
}

const ofOrganisation = (organisationId: number, filter: WebhookCallFilter) =>
  and(
    eq(webhookCalls.organisationId, organisationId),
    filter.provider ? eq(webhookCalls.provider, filter.provider) : undefined,
    filter.status ? eq(webhookCalls.status, filter.status) : undefined,
  );

/** One page of the organisation's webhook calls, newest first, and how many there are. */
export async function listWebhookCalls(db: Executor, organisationId: number, filter: WebhookCallFilter) {
  const rows = await db
    .select({
      id: webhookCalls.id,
      provider: webhookCalls.provider,
      eventType: webhookCalls.eventType,
      externalId: webhookCalls.externalId,
      signatureValid: webhookCalls.signatureValid,
      status: webhookCalls.status,
      error: webhookCalls.error,
      headers: webhookCalls.headers,
      payload: webhookCalls.payload,
      receivedAt: webhookCalls.receivedAt,
      processedAt: webhookCalls.processedAt,
    })
    .from(webhookCalls)
    .where(ofOrganisation(organisationId, filter))
    .orderBy(desc(webhookCalls.receivedAt), desc(webhookCalls.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db
    .select({ n: count() })
    .from(webhookCalls)
    .where(ofOrganisation(organisationId, filter));
  return { rows, total: Number(total?.n ?? 0) };
}
