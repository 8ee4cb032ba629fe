// The nightly reconciliation (issue 11, BILLING.md "Payments and attempts"): our attempts against the
// providers' own records. Each attempt is checked once, the night after the day it was made (it has had a
// day to settle), and every attempt still pending is checked every night. Any drift is written to the
// activity log (once per payment and kind), where staff and GET /api/expected-payments-debugging see it;
// an answer we never heard (ours pending, theirs final) is applied through the same rules as a webhook.
// For each gym on Stripe, PaymentIntents of those days that carry our key but that we do not hold are
// drift too. (Akahu offers no listing across users, so a bank payment we never recorded cannot be seen
// from our side: our attempt row is written before the call, so there is none to miss.)
import { addDays, type CalendarDate, startOfDayInstant } from '@gym/domain/calendar-date';
import { type DriftKind, paymentDrift } from '@gym/domain/reconciliation';
import type { AppDeps } from '../../app-deps';
import { appendActivity } from '../../db/activity';
import type { Executor } from '../../db/client';
import { PAYMENT_KEY_METADATA, providerRecordsOf } from './attempts.service';
import { applyPaymentOutcome } from './payment-outcomes.service';
import {
  attemptsToReconcile,
  type Checked,
  DRIFT_ACTION,
  gymsOnStripe,
  knownPaymentKeys,
  paymentDriftSeen,
  strayIntentSeen,
} from './reconciliation.repository';

type ReconcileDeps = Pick<AppDeps, 'db' | 'secrets' | 'providers' | 'clock'>;

export { DRIFT_ACTION };

export interface ReconcileSummary {
  checked: number;
  drift: number;
  unreachable: number;
}

const BATCH = 200;

/** Reconciles the attempts made on the day before `day` (and every one still pending). */
export async function reconcile(deps: ReconcileDeps, day: CalendarDate): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { checked: 0, drift: 0, unreachable: 0 };
  const from = startOfDayInstant(addDays(day, -1));
  const to = startOfDayInstant(day);
  let after = 0;
  for (;;) {
    const batch = await attemptsToReconcile(deps.db, { after, from, to, limit: BATCH });
    after = batch.at(-1)?.id ?? after;
    // The providers are asked about the batch a few at a time (one context read for it); what they say
    // is then weighed in the batch's order.
    const records = await providerRecordsOf(
      deps,
      batch.map((p) => p.id),
    );
    for (const payment of batch) {
      summary.checked += 1;
      const record = records.get(payment.id) ?? { found: false };
      if ('unreachable' in record) {
        summary.unreachable += 1;
        continue;
      }
      const theirs = record.found ? { outcome: record.outcome, amountCents: record.amountCents } : null;
      const kind = paymentDrift({ status: payment.status, totalCents: Number(payment.total) }, theirs);
      if (kind === null) continue;
      summary.drift += 1;
      await deps.db.transaction(async (tx) => {
        await recordDrift(tx, payment, kind, day, deps.clock.now(), {
          ours: payment.status,
          ours_cents: Number(payment.total),
          theirs: theirs?.outcome.status ?? null,
          theirs_cents: theirs?.amountCents ?? null,
        });
        if (kind === 'answered_late' && theirs) {
          await applyPaymentOutcome(tx, payment.organisation_id, { paymentId: payment.id }, theirs.outcome, {
            source: 'reconciliation',
            now: deps.clock.now(),
          });
        }
      });
    }
    if (batch.length < BATCH) break;
  }
  const stripe = await unknownStripeIntents(deps, day, from);
  summary.drift += stripe.drift;
  summary.unreachable += stripe.unreachable;
  return summary;
}

async function recordDrift(
  tx: Executor,
  payment: Pick<Checked, 'id' | 'organisation_id' | 'user_id'>,
  kind: DriftKind,
  day: CalendarDate,
  now: Date,
  detail: Record<string, unknown>,
) {
  const seen = await paymentDriftSeen(tx, payment.id, kind);
  if (seen.length > 0) return;
  await appendActivity(tx, {
    organisationId: payment.organisation_id,
    actorUserId: null,
    userId: payment.user_id,
    subjectType: 'payment',
    subjectId: payment.id,
    action: DRIFT_ACTION,
    data: { kind, day, ...detail },
    createdAt: now,
  });
}

/** PaymentIntents created on the day before `day` that carry our key but match no payment of ours. */
async function unknownStripeIntents(deps: ReconcileDeps, day: CalendarDate, from: Date) {
  const gyms = await gymsOnStripe(deps.db);
  let drift = 0;
  let unreachable = 0;
  const until = startOfDayInstant(day);
  for (const gym of gyms) {
    let intents: Awaited<ReturnType<typeof deps.providers.stripe.listPaymentIntents>>;
    try {
      intents = await deps.providers.stripe.listPaymentIntents(gym.stripe_id, from);
    } catch {
      unreachable += 1; // counted in the run's summary; the attempts themselves were checked above
      continue;
    }
    const keyed = intents.filter((pi) => pi.metadata[PAYMENT_KEY_METADATA] && pi.created < until);
    if (keyed.length === 0) continue;
    const keys = keyed.map((pi) => pi.metadata[PAYMENT_KEY_METADATA]!);
    const known = await knownPaymentKeys(deps.db, gym.organisation_id, keys);
    const ours = new Set(known.map((k) => k.idempotency_key));
    for (const pi of keyed) {
      if (ours.has(pi.metadata[PAYMENT_KEY_METADATA]!)) continue;
      const seen = await strayIntentSeen(deps.db, gym.id, pi.id);
      if (seen.length > 0) continue;
      drift += 1;
      await appendActivity(deps.db, {
        organisationId: gym.organisation_id,
        actorUserId: null,
        createdAt: deps.clock.now(),
        subjectType: 'gym',
        subjectId: gym.id,
        action: DRIFT_ACTION,
        data: {
          kind: 'unknown_to_us' satisfies DriftKind,
          day,
          payment_intent: pi.id,
          key: pi.metadata[PAYMENT_KEY_METADATA],
          theirs: pi.status,
          theirs_cents: pi.amountCents,
        },
      });
    }
  }
  return { drift, unreachable };
}
