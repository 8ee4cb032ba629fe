// One payment attempt, already written (pending_request, with its idempotency key), sent to the member's
// provider: an Akahu payment from their connected bank account into the gym's destination account, or
// a Stripe off-session PaymentIntent on the gym's connected account. The answer goes through
// `applyPaymentOutcome`, as a webhook's would. Sending twice is safe: the key makes the provider answer
// the second call with the first payment, and an attempt that is no longer waiting is left alone.

import { payeeName, statementText } from '@gym/domain/bank-statement';
import { failureKind } from '@gym/domain/payment-retry';
import {
  akahuPaymentOutcome,
  type ProviderPaymentOutcome,
  stripePaymentOutcome,
} from '@gym/domain/provider-status';
import { stripeIntentOutcome } from '@gym/domain/reconciliation';
import { ProviderError } from '../../adapters/provider-error';
import { STRIPE_IDEMPOTENCY_KEY_LIFE_MS } from '../../adapters/stripe';
import type { AppDeps } from '../../app-deps';
import { failpoint } from '../../failpoints';
import { eachInParallel } from '../../in-parallel';
import { akahuClientFor } from './akahu-client';
import type { AttemptContext } from './attempts.repository';
import * as repo from './attempts.repository';
import { applyPaymentOutcome } from './payment-outcomes.service';

/** PaymentIntent metadata naming our attempt, for events that arrive before we stored Stripe's id. */
export const PAYMENT_KEY_METADATA = 'payment_idempotency_key';

async function attemptContext(deps: Pick<AppDeps, 'db'>, attempt: AttemptToSend) {
  return repo.attemptContextOf(deps.db, attempt.organisationId, attempt.paymentId);
}

/** The attempt to send: its organisation (every statement names it, decision 014) and its payment. */
export interface AttemptToSend {
  organisationId: number;
  paymentId: number;
}

/** The contexts of many attempts in one query (a run sends them by the hundred). */
async function attemptContexts(deps: Pick<AppDeps, 'db'>, paymentIds: readonly number[]) {
  const rows = await repo.attemptContextsOf(deps.db, paymentIds);
  return new Map(rows.map((row) => [row.id, row]));
}

const unusable = (code: string, description: string): ProviderPaymentOutcome => ({
  status: 'failed',
  errorStatus: code,
  errorDescription: description,
  failureKind: failureKind(code),
});

export type SendResult = 'answered' | 'pending' | 'provider_unavailable' | 'not_waiting';

/** Writes Akahu's ids on the attempt the bank took (answers once they are written). */
type AkahuRecorder = (attempt: repo.AttemptOf, made: { id: string; sid: string }) => Promise<void>;

/**
 * Akahu's ids for many attempts sent side by side, written a statement at a time: the ids that come in
 * while one statement is on its way go out together in the next, so each send waits for at most two
 * statements and a run of thousands writes them in a few hundred. Until they are written the attempt
 * is unsent to the run (a crash in between sends it again with its key, and Akahu answers once).
 */
function akahuRecorder(db: AppDeps['db']): AkahuRecorder {
  let queued: {
    paymentId: number;
    id: string;
    sid: string;
    done: () => void;
    failed: (e: unknown) => void;
  }[] = [];
  let writing = false;
  const write = async () => {
    writing = true;
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      try {
        await repo.recordAkahuPayments(
          db,
          batch.map(({ paymentId, id, sid }) => ({ paymentId, id, sid })),
        );
        for (const b of batch) b.done();
      } catch (error) {
        for (const b of batch) b.failed(error);
      }
    }
    writing = false;
  };
  return (attempt, made) =>
    new Promise<void>((done, failed) => {
      queued.push({ paymentId: attempt.id, id: made.id, sid: made.sid, done, failed });
      if (!writing) void write();
    });
}

/**
 * Sends the attempt and applies whatever the provider answers at once. A provider outage leaves the
 * attempt waiting; the next run sends it again with the same key.
 */
export async function sendAttempt(
  deps: Pick<AppDeps, 'db' | 'secrets' | 'providers' | 'clock'>,
  attempt: AttemptToSend,
  /** Who sends it: the member's confirm (its answer is shown on the confirm screen) or the engine. */
  source: 'member_confirm' | 'billing_run' = 'billing_run',
): Promise<SendResult> {
  return sendWithContext(deps, await attemptContext(deps, attempt), source);
}

/** How many attempts' contexts one query reads when a run sends many. */
const CONTEXT_BATCH = 200;

/**
 * Sends many attempts, `SEND_CONCURRENCY` at a time, reading their contexts a batch per query rather
 * than one each (what the daily run does with the day's charges and retries).
 */
export async function sendAttempts(
  deps: Pick<AppDeps, 'db' | 'secrets' | 'providers' | 'clock'>,
  paymentIds: readonly number[],
): Promise<void> {
  const recordAkahu = akahuRecorder(deps.db);
  for (let from = 0; from < paymentIds.length; from += CONTEXT_BATCH) {
    const ids = paymentIds.slice(from, from + CONTEXT_BATCH);
    const contexts = await attemptContexts(deps, ids);
    await eachInParallel(ids, (id) =>
      sendWithContext(deps, contexts.get(id) ?? null, 'billing_run', recordAkahu),
    );
  }
}

async function sendWithContext(
  deps: Pick<AppDeps, 'db' | 'secrets' | 'providers' | 'clock'>,
  a: AttemptContext | null,
  source: 'member_confirm' | 'billing_run' = 'billing_run',
  recordAkahu: AkahuRecorder = (attempt, made) => repo.recordAkahuPayment(deps.db, attempt, made),
): Promise<SendResult> {
  if (a?.status !== 'pending_request') return 'not_waiting';
  if (a.akahu_id) return 'pending';
  const apply = (outcome: ProviderPaymentOutcome, ids: { stripeId?: string | null } = {}) =>
    deps.db.transaction(async (tx) => {
      if (ids.stripeId) await repo.recordStripeId(tx, a, ids.stripeId);
      await applyPaymentOutcome(tx, a.organisation_id, { paymentId: a.id }, outcome, {
        source,
        now: deps.clock.now(),
      });
    });

  try {
    if (a.type === 'bank_account') {
      if (!a.akahu_account_id || a.bank_status !== 'ACTIVE' || !a.sealed_token) {
        await apply(unusable('CONSENT_REVOKED', 'The member has no connected bank account to pay from.'));
        return 'answered';
      }
      if (!a.destination_account_number) {
        await apply(unusable('NO_DESTINATION_ACCOUNT', `${a.gym_name} has no bank account to pay into.`));
        return 'answered';
      }
      const akahu = akahuClientFor(deps, {
        akahu_app_token: a.gym_akahu_app_token,
        akahu_app_secret: a.gym_akahu_app_secret,
      });
      failpoint('attempt.before-call', a.type);
      const made = await akahu.makePayment({
        userToken: deps.secrets.open(a.sealed_token),
        fromAccountId: a.akahu_account_id,
        amountCents: Number(a.total),
        to: {
          name: payeeName(a.destination_name ?? a.gym_name),
          accountNumber: a.destination_account_number,
        },
        destination: { particulars: statementText(a.gym_name), reference: statementText(`M${a.user_id}`) },
        source: { reference: statementText(a.gym_name) },
        idempotencyKey: a.idempotency_key,
      });
      failpoint('attempt.after-call', a.type);
      await recordAkahu(a, made);
      const outcome = akahuPaymentOutcome(made);
      if (outcome.status === 'pending_request') return 'pending';
      await apply(outcome);
      return 'answered';
    }
    if (a.type === 'stripe_card') {
      if (!a.stripe_customer_id || !a.stripe_payment_method_id) {
        await apply(unusable('CARD_MISSING', 'The member has no saved card to charge.'));
        return 'answered';
      }
      if (!a.gym_stripe_id) {
        await apply(unusable('NO_STRIPE_ACCOUNT', `${a.gym_name} is not connected to Stripe.`));
        return 'answered';
      }
      if (await answeredBeforeKeyForgotten(deps, { ...a, gym_stripe_id: a.gym_stripe_id }, apply))
        return 'answered';
      failpoint('attempt.before-call', a.type);
      const charged = await deps.providers.stripe.chargeOffSession({
        accountId: a.gym_stripe_id,
        customerId: a.stripe_customer_id,
        paymentMethodId: a.stripe_payment_method_id,
        amountCents: Number(a.total),
        description: `${a.gym_name} membership${a.period_start_at ? ` from ${a.period_start_at}` : ''}`,
        metadata: { [PAYMENT_KEY_METADATA]: a.idempotency_key, payment_id: String(a.id) },
        idempotencyKey: a.idempotency_key,
      });
      failpoint('attempt.after-call', a.type);
      if (charged.status === 'pending') {
        // Processing is not an answer: the attempt keeps waiting, its PaymentIntent id written so the
        // webhook (payment_intent.succeeded / payment_failed) and the reconciliation find it.
        await repo.recordStripeId(deps.db, a, charged.paymentIntentId);
        return 'pending';
      }
      if (charged.status === 'succeeded') {
        await apply({ status: 'sent' }, { stripeId: charged.paymentIntentId });
      } else {
        await apply(
          stripePaymentOutcome({ succeeded: false, code: charged.failureCode, message: charged.message }),
          {
            stripeId: charged.paymentIntentId,
          },
        );
      }
      return 'answered';
    }
    await apply(unusable('NO_PAYMENT_METHOD', 'The membership has no payment method to charge.'));
    return 'answered';
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'unavailable') return 'provider_unavailable';
    if (error instanceof ProviderError) {
      await apply(unusable('PROVIDER_REJECTED', error.message));
      return 'answered';
    }
    throw error;
  }
}

/** Sent again this long after it was written, a card attempt's key may be gone: ask Stripe first. */
const ASK_BEFORE_RESENDING_AFTER_MS = STRIPE_IDEMPOTENCY_KEY_LIFE_MS - 60 * 60 * 1000;

/**
 * Stripe forgets an idempotency key after a day, so an attempt written that long ago (a crash after
 * Stripe's answer, then days of outage) could be charged twice by its own key. Before resending it, ask
 * Stripe for a PaymentIntent carrying the attempt's key in its metadata, and take that one's answer.
 * True when Stripe had it (the answer is applied, or the attempt waits on a processing intent).
 */
async function answeredBeforeKeyForgotten(
  deps: Pick<AppDeps, 'db' | 'providers' | 'clock'>,
  a: AttemptContext & { gym_stripe_id: string },
  apply: (outcome: ProviderPaymentOutcome, ids?: { stripeId?: string | null }) => Promise<void>,
): Promise<boolean> {
  const age = deps.clock.now().getTime() - new Date(a.created_at).getTime();
  if (age < ASK_BEFORE_RESENDING_AFTER_MS) return false;
  const found = await deps.providers.stripe.findPaymentIntentByMetadata(
    a.gym_stripe_id,
    PAYMENT_KEY_METADATA,
    a.idempotency_key,
  );
  if (!found) return false;
  const outcome = stripeIntentOutcome(found);
  if (outcome.status === 'pending_request') {
    await repo.recordStripeId(deps.db, a, found.id);
  } else {
    await apply(outcome, { stripeId: found.id });
  }
  return true;
}

export type PollResult = 'answered' | 'pending' | 'unreachable';

/** Polls many pending bank payments, reading their contexts a batch per query; `then` sees each answer. */
export async function pollAttempts(
  deps: Pick<AppDeps, 'db' | 'secrets' | 'providers' | 'clock'>,
  paymentIds: readonly number[],
  then: (paymentId: number, answer: PollResult) => Promise<unknown>,
): Promise<void> {
  for (let from = 0; from < paymentIds.length; from += CONTEXT_BATCH) {
    const ids = paymentIds.slice(from, from + CONTEXT_BATCH);
    const contexts = await attemptContexts(deps, ids);
    await eachInParallel(ids, async (id) => then(id, await pollWithContext(deps, contexts.get(id) ?? null)));
  }
}

async function pollWithContext(
  deps: Pick<AppDeps, 'db' | 'secrets' | 'providers' | 'clock'>,
  a: AttemptContext | null,
): Promise<PollResult> {
  if (a?.status !== 'pending_request' || !a.akahu_id) return 'answered';
  if (!a.sealed_token) return 'unreachable';
  const akahu = akahuClientFor(deps, {
    akahu_app_token: a.gym_akahu_app_token,
    akahu_app_secret: a.gym_akahu_app_secret,
  });
  let found: Awaited<ReturnType<typeof akahu.getPayment>>;
  try {
    found = await akahu.getPayment(deps.secrets.open(a.sealed_token), a.akahu_id);
  } catch (error) {
    if (error instanceof ProviderError) return 'unreachable';
    throw error;
  }
  const outcome = akahuPaymentOutcome(found);
  if (outcome.status === 'pending_request') return 'pending';
  await deps.db.transaction((tx) =>
    applyPaymentOutcome(tx, a.organisation_id, { akahuId: a.akahu_id! }, outcome, {
      source: 'akahu_poll',
      now: deps.clock.now(),
    }),
  );
  return 'answered';
}

/** The provider's own record of an attempt, for the reconciliation. */
export type ProviderRecord =
  | { found: true; outcome: ProviderPaymentOutcome; amountCents: number }
  | { found: false }
  | { unreachable: true };

/** The providers' records of many attempts: one context read, the providers asked a few at a time. */
export async function providerRecordsOf(
  deps: Pick<AppDeps, 'db' | 'secrets' | 'providers'>,
  paymentIds: readonly number[],
): Promise<Map<number, ProviderRecord>> {
  const records = new Map<number, ProviderRecord>();
  if (paymentIds.length === 0) return records;
  const contexts = await attemptContexts(deps, paymentIds);
  await eachInParallel(paymentIds, async (id) => {
    records.set(id, await providerRecordWith(deps, contexts.get(id) ?? null));
  });
  return records;
}

async function providerRecordWith(
  deps: Pick<AppDeps, 'db' | 'secrets' | 'providers'>,
  a: AttemptContext | null,
): Promise<ProviderRecord> {
  if (!a) return { found: false };
  try {
    if (a.akahu_id) {
      if (!a.sealed_token) return { unreachable: true };
      const akahu = akahuClientFor(deps, {
        akahu_app_token: a.gym_akahu_app_token,
        akahu_app_secret: a.gym_akahu_app_secret,
      });
      const found = await akahu.getPayment(deps.secrets.open(a.sealed_token), a.akahu_id);
      return { found: true, outcome: akahuPaymentOutcome(found), amountCents: found.amountCents };
    }
    if (a.stripe_id && a.gym_stripe_id) {
      const intent = await deps.providers.stripe.getPaymentIntent(a.gym_stripe_id, a.stripe_id);
      return { found: true, outcome: stripeIntentOutcome(intent), amountCents: intent.amountCents };
    }
    return { found: false };
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'not_found') return { found: false };
    if (error instanceof ProviderError) return { unreachable: true };
    throw error;
  }
}
