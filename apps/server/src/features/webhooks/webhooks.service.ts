// The one path every provider webhook takes: verify, recognise a redelivery, look up, then record the
// call and apply its effects in one transaction. Every call is recorded, whatever happens to it.
import { ProviderError } from '../../adapters/provider-error';
import type { AppDeps } from '../../app-deps';
import { hit } from '../../auth/rate-limit';
import { type Db, retryDeadlock, type Tx } from '../../db/client';
import { inSharedTransaction } from '../../db/shared-transaction';
import { drainMembershipOutbox } from '../billing';
import { followSharedClock } from '../clock';
import {
  claimWebhookEvent,
  findProcessedWebhookEvent,
  insertWebhookCall,
  setWebhookCallNote,
  type WebhookCallStatus,
} from './webhook-calls.repository';
import {
  type EventPlan,
  headersToKeep,
  type VerifiedEvent,
  type WebhookDelivery,
  type WebhookHandler,
  WebhookRejected,
} from './webhook-handler';

/** Refused calls recorded per sending address in ten minutes; beyond, 429 and nothing stored. */
const REFUSED_PER_ADDRESS = 60;

export interface WebhookAnswer {
  /** 200 taken (or already taken); 400/401 refused; 503 try again later; the provider retries non-2xx. */
  httpStatus: 200 | 400 | 401 | 503;
  body: { received: boolean; status: WebhookCallStatus; error?: string; message?: string };
  callId: number;
  externalId: string | null;
}

/** Deeper than any provider's events: a body nested past this is recorded as text only. */
const MAX_JSON_DEPTH = 64;
/** What is kept of a refused call's body: enough to see what it was, not enough to fill the disk. */
const REFUSED_BODY_CHARS = 2048;

function nestingDepth(raw: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return deepest;
}

/** The body as JSON to store, or null when it is not JSON or too deeply nested to store safely. */
function parseJson(raw: string): unknown {
  if (nestingDepth(raw) > MAX_JSON_DEPTH) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** Why verification failed: refused for good, or not decidable now (the provider should retry). */
function verificationFailure(
  error: unknown,
  handler: WebhookHandler,
): { status: 'rejected' | 'failed'; reason: string; message: string; httpStatus: 400 | 401 | 503 } {
  if (error instanceof WebhookRejected) {
    const httpStatus = error.reason === 'malformed' ? 400 : handler.rejectStatus;
    return { status: 'rejected', reason: error.reason, message: error.message, httpStatus };
  }
  if (error instanceof ProviderError && error.kind === 'rejected') {
    // Signed, but not an event we can read: retrying would not change that.
    return { status: 'rejected', reason: 'malformed', message: error.message, httpStatus: 400 };
  }
  if (error instanceof ProviderError && error.kind === 'invalid_signature') {
    const reason = /tolerance/i.test(error.message) ? 'stale' : 'invalid_signature';
    return { status: 'rejected', reason, message: error.message, httpStatus: handler.rejectStatus };
  }
  if (error instanceof ProviderError) {
    return {
      status: 'failed',
      reason: 'provider_unavailable',
      message: error.message,
      httpStatus: 503,
    };
  }
  throw error;
}

const failedAnswer = (
  httpStatus: 400 | 401 | 503,
  status: 'rejected' | 'failed',
  reason: string,
  message: string,
  callId: number,
  externalId: string | null,
): WebhookAnswer => ({
  httpStatus,
  body: { received: false, status, error: reason, message },
  callId,
  externalId,
});

const drains = new WeakMap<Db, { running: Promise<void> | null; next: Promise<void> | null }>();

/**
 * Drains the membership outbox after an answer's commit. Answers committed together drain together: a
 * drain that starts after the commit covers it (it takes every check due), so a caller joins the next
 * drain when one is already under way instead of starting one of its own.
 */
function drainAfterCommit(deps: AppDeps): Promise<void> {
  let state = drains.get(deps.db);
  if (!state) {
    state = { running: null, next: null };
    drains.set(deps.db, state);
  }
  const s = state;
  const start = (): Promise<void> => {
    const run: Promise<void> = drainMembershipOutbox(deps)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        if (s.running === run) s.running = null;
      });
    s.running = run;
    return run;
  };
  if (!s.running) return start();
  s.next ??= s.running.then(() => {
    s.next = null;
    return start();
  });
  return s.next;
}

export async function receiveWebhook(
  deps: AppDeps,
  handler: WebhookHandler,
  delivery: WebhookDelivery,
): Promise<WebhookAnswer> {
  // A sandbox sharing its clock with other processes: a call the simulators sent on a clock another
  // process has just moved is handled on that clock (a no-op where the clock cannot travel).
  await followSharedClock(deps);
  const call = {
    provider: handler.provider,
    headers: headersToKeep(delivery.headers),
    rawBody: delivery.rawBody,
    receivedAt: deps.clock.now(),
  };

  let event: VerifiedEvent;
  try {
    event = await handler.verify(delivery);
  } catch (error) {
    const failure = verificationFailure(error, handler);
    // Anyone can send a refused call: keep only its beginning, and slow a sender of many.
    await hit(deps.db, call.receivedAt, [
      { key: `webhook-refused:${delivery.ip ?? 'unknown'}`, max: REFUSED_PER_ADDRESS, windowSeconds: 600 },
    ]);
    const kept = delivery.rawBody.slice(0, REFUSED_BODY_CHARS);
    const payload = kept.length === delivery.rawBody.length ? parseJson(kept) : null;
    const callId = await insertWebhookCall(deps.db, {
      ...call,
      rawBody: kept,
      ...handler.describe(payload),
      organisationId: null,
      signatureValid: false,
      status: failure.status,
      error: `${failure.reason}: ${failure.message}`,
      payload,
      processedAt: null,
    });
    return failedAnswer(failure.httpStatus, failure.status, failure.reason, failure.message, callId, null);
  }

  const { externalId } = event;
  const verified = {
    ...call,
    eventType: event.eventType,
    externalId,
    signatureValid: true,
    payload: event.payload,
  };
  const taken = (status: 'processed' | 'duplicate', callId: number): WebhookAnswer => ({
    httpStatus: 200,
    body: { received: true, status },
    callId,
    externalId,
  });
  const recordFailure = (organisationId: number | null, error: string) =>
    insertWebhookCall(deps.db, { ...verified, organisationId, status: 'failed', error, processedAt: null });

  const earlier = await findProcessedWebhookEvent(deps.db, handler.provider, externalId);
  if (earlier) {
    const callId = await insertWebhookCall(deps.db, {
      ...verified,
      organisationId: earlier.organisationId,
      status: 'duplicate',
      error: `already processed as call ${earlier.id}`,
      processedAt: deps.clock.now(),
    });
    return taken('duplicate', callId);
  }

  let plan: EventPlan;
  try {
    plan = await handler.plan(event);
  } catch (error) {
    const message = (error as Error).message;
    if (!(error instanceof ProviderError && error.kind === 'unavailable')) {
      await recordFailure(null, `error: ${message}`);
      throw error;
    }
    const callId = await recordFailure(null, `provider_unavailable: ${message}`);
    return failedAnswer(503, 'failed', 'provider_unavailable', message, callId, externalId);
  }

  try {
    // Answers that arrive together (a bank's webhooks for a day's payments) commit together. The changes
    // are the database's alone: one that lost a deadlock to another process is applied again.
    const record = async (tx: Tx): Promise<WebhookAnswer> => {
      const input = { ...verified, organisationId: plan.organisationId, processedAt: deps.clock.now() };
      const callId = await claimWebhookEvent(tx, { ...input, status: 'processed', error: plan.note });
      if (callId === null) {
        // A concurrent delivery of the same event got there first.
        const duplicate = await insertWebhookCall(tx, {
          ...input,
          status: 'duplicate',
          error: 'already processed',
        });
        return taken('duplicate', duplicate);
      }
      const context = { webhookCallId: callId, requestId: delivery.requestId };
      const note = plan.apply ? await plan.apply(tx, context) : null;
      if (note && note !== plan.note) await setWebhookCallNote(tx, callId, note);
      return taken('processed', callId);
    };
    // Side by side in that transaction: the applies of different members, and the events that change
    // nothing but their own record (a bank's "received", half of a day's webhooks); any other apply runs
    // alone there, after those before it.
    const key = plan.member ?? (plan.apply ? undefined : `event ${externalId}`);
    const answer = await retryDeadlock(() => inSharedTransaction(deps.db, record, key));
    // A payment's answer is a transition of its membership: door access and mail follow after the commit,
    // by the membership outbox as after every transition (a failure here is left to the next drain).
    if (plan.apply) await drainAfterCommit(deps);
    return answer;
  } catch (error) {
    await recordFailure(plan.organisationId, `error: ${(error as Error).message}`);
    throw error;
  }
}
