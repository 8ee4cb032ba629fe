// The record of every webhook call (webhook_calls). A call is `processed` at most once per provider
// event (a partial unique index), so claiming an event and processing it share one transaction.
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { webhookCalls } from '../../db/schema/index';
import { storableText } from '../../http/validation';

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

/** Text PostgreSQL can hold: NUL bytes and lone surrogates (which a forged call may carry) replaced. */
const storable = storableText;

/** A payload PostgreSQL's jsonb can hold, or null (it refuses \u0000 in strings). */
const storablePayload = (payload: unknown) => {
  if (payload === undefined || payload === null) return null;
  const json = JSON.stringify(payload);
  // JSON.stringify escapes exactly the lone surrogates; jsonb refuses them and \u0000 alike.
  return /\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(json) ? null : payload;
};

const valuesOf = (input: WebhookCallInput) => ({
  ...input,
  rawBody: storable(input.rawBody),
  headers: Object.fromEntries(Object.entries(input.headers).map(([key, value]) => [key, storable(value)])),
  eventType: input.eventType === null ? null : storable(input.eventType),
  externalId: input.externalId === null ? null : storable(input.externalId),
  error: input.error === null ? null : storable(input.error),
  payload: storablePayload(input.payload),
});

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
        // Written out, not a parameter: a kept statement's generic plan then knows it is the partial
        // unique index's own condition, and reads that index.
        sql`${webhookCalls.status} = 'processed'`,
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

/** Deletes calls received before the retention window, provider by provider (each uses its index). */
export async function pruneWebhookCalls(db: Executor, now: Date, retentionDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  let deleted = 0;
  for (const provider of ['akahu', 'stripe', 'kisi'] as const) {
    const rows = await db
      .delete(webhookCalls)
      .where(and(eq(webhookCalls.provider, provider), lt(webhookCalls.receivedAt, cutoff)))
      .returning({ id: webhookCalls.id });
    deleted += rows.length;
  }
  return deleted;
}
