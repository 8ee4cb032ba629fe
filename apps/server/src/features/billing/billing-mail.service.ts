// The billing engine's mail to members, queued in the outbox (mail/outbox.ts) under natural keys:
//   receipt:payment:<id>                              a payment attempt succeeded; for cash or EFTPOS
//                                                     recorded by staff, one receipt for the whole payment
//                                                     under its first payment row's id
//   payment_failed:payment:<id>                       a charge's first attempt failed, or any attempt failed
//                                                     hard (the retries stop): with the link to fix it
//   grace_ending:subscription:<id>:<grace end>        grace has GRACE_WARNING_DAYS or fewer days left
//   cancelled_non_payment:subscription:<id>           grace ran out unpaid and the membership ended
//   reminder:charge-due:<subscription id>:<start>     REMINDER_DAYS_BEFORE days before a charge falls due
//   price_change:price_change:<id>                    a scheduled price change not yet notified
// Mail caused by a change is queued in that change's transaction; mail the calendar causes (grace
// ending, reminders, price-change notices) is queued by the day's run, and every queue is idempotent.
//
// users.email_notifications_enabled = false: a gym owner would expect that switch to stop the nudges,
// not the notices a member needs about their money and their contract. So receipts (a record of money
// taken), failed payments (money owed, and the only way the member learns they must act), the
// cancellation for non-payment (their membership and door access ended) and price-change notices (the
// gym must tell members before charging a new price) are always sent. The grace-ending nudge respects
// the switch, and payment reminders need it on as well as users.payment_reminders.
import { isBillingFrequency } from '@gym/domain/billing-frequency';
import { nextDueDate } from '@gym/domain/billing-schedule';
import { addDays, type CalendarDate, toCalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { accessChangeSentences } from '@gym/domain/offering-access-change';
import { failureKind, nextRetryDate } from '@gym/domain/payment-retry';
import { taxableSupply } from '@gym/domain/receipt';
import type { Executor } from '../../db/client';
import { type MailDeps, type QueuedMail, queueMail, sendQueuedMail } from '../../mail/outbox';
import {
  CONFIRM_AGAIN_URL,
  cancelledForNonPaymentMail,
  FIX_PAYMENT_METHOD_URL,
  firstPaymentFailedMail,
  graceEndingMail,
  paymentFailedMail,
  paymentReceiptMail,
  paymentReminderMail,
  priceChangeMail,
} from '../../mail/templates';
import * as repo from './billing-mail.repository';
import { subscriptionsDueOn } from './billing-run.repository';
import { planOf } from './subscription-plan';

/** The grace-ending mail goes when this many days or fewer are left. */
const GRACE_WARNING_DAYS = 2;
/** Payment reminders go this many days before the charge falls due. */
const REMINDER_DAYS_BEFORE = 2;

const recipient = (r: { organisation_id: number; user_id: number; email: string }) => ({
  organisationId: Number(r.organisation_id),
  userId: Number(r.user_id),
  to: r.email,
});

/** A payment attempt's final answer: its receipt, or the failure mail. In the answer's transaction. */
export async function queuePaymentOutcomeMail(
  tx: Executor,
  organisationId: number,
  paymentId: number,
  status: string,
  now: Date,
): Promise<void> {
  const p = await repo.paymentMailFacts(tx, organisationId, paymentId);
  if (!p) return;
  const total = Number(p.amount) + Number(p.surcharge);
  if (status === 'sent') {
    const joiningFee = Number(p.meta?.joining_fee ?? 0);
    await queueMail(
      tx,
      [
        {
          key: `receipt:payment:${p.id}`,
          template: 'payment_receipt',
          ...recipient(p),
          ...paymentReceiptMail({
            name: p.name,
            gymName: p.gym_name,
            total,
            surcharge: Number(p.surcharge),
            joiningFee: Number.isSafeInteger(joiningFee) ? joiningFee : 0,
            paidAt: now,
            period: p.period_start_at ? { start: p.period_start_at, end: p.period_end_at } : null,
            method: p.method,
            reference: `P${p.id}`,
            taxLines: taxLines(p, total, now),
          }),
        },
      ],
      now,
    );
    return;
  }
  // One mail per failed charge, not per retry: a retry failing softly says nothing new. A hard failure
  // stops the retries, so the member hears of it whichever attempt it was.
  if (p.charge_id === null || (p.is_retry && failureKind(p.error_status) === 'soft')) return;
  const retryOn = p.first_failed_at
    ? nextRetryDate({
        firstFailedOn: toCalendarDate(new Date(p.first_failed_at)),
        retriesMade: Number(p.retries_made),
        lastFailureCode: p.error_status,
      })
    : null;
  await queueMail(
    tx,
    [
      {
        key: `payment_failed:payment:${p.id}`,
        template: 'payment_failed',
        ...recipient(p),
        ...paymentFailedMail({
          name: p.name,
          gymName: p.gym_name,
          total,
          reason: p.error_description,
          retryOn,
          cancelsOn: p.grace_period_ends_at,
          url: FIX_PAYMENT_METHOD_URL,
        }),
      },
    ],
    now,
  );
}

/**
 * A first payment that failed after the confirm had answered (its answer came by webhook, poll or a
 * later run): the member is told, once per attempt, that nothing is owed and how to start the
 * membership. One the confirm screen said already is not mailed.
 */
export async function queueFirstPaymentFailedMail(
  tx: Executor,
  organisationId: number,
  paymentId: number,
  now: Date,
): Promise<void> {
  const p = await repo.paymentMailFacts(tx, organisationId, paymentId);
  if (!p) return;
  await queueMail(
    tx,
    [
      {
        key: `first_payment_failed:payment:${p.id}`,
        template: 'first_payment_failed',
        ...recipient(p),
        ...firstPaymentFailedMail({
          name: p.name,
          gymName: p.gym_name,
          total: Number(p.amount) + Number(p.surcharge),
          reason: p.error_description,
          url: CONFIRM_AGAIN_URL,
        }),
      },
    ],
    now,
  );
}

/** The receipt's taxable supply lines: the same rule and words as the member's receipt page. */
function taxLines(p: repo.PaymentMailFacts, total: number, paidAt: Date): string[] {
  const period = p.period_start_at
    ? `, ${formatDate(p.period_start_at)}${p.period_end_at ? ` to ${formatDate(addDays(p.period_end_at, -1))}` : ''}`
    : '';
  return taxableSupply({
    supplierName: p.supplier_name,
    gstNumber: p.gst_number,
    paidAt,
    description: `Membership at ${p.gym_name}${period}`,
    total,
    recipient: { name: p.name, address: p.member_address },
  }).lines;
}

/** How cash and EFTPOS taken at the desk read in the receipt's 'Paid by …' line. */
const MANUAL_METHOD: Record<string, string> = { cash: 'cash', eftpos: 'EFTPOS' };

/**
 * Cash or EFTPOS that staff recorded against what a member owed (one payment row per charge it paid):
 * one receipt for all of it, by the same template as the engine's receipts, in the payment's
 * transaction. Answers the mail's key (to send it at once after the commit), or null.
 */
export async function queueManualPaymentReceipt(
  tx: Executor,
  organisationId: number,
  paymentIds: readonly number[],
  now: Date,
): Promise<string | null> {
  const facts: repo.PaymentMailFacts[] = [];
  for (const id of [...paymentIds].sort((a, b) => a - b)) {
    const p = await repo.paymentMailFacts(tx, organisationId, id);
    if (p) facts.push(p);
  }
  const first = facts[0];
  if (!first) return null;
  const periods = facts.filter((p) => p.period_start_at !== null);
  const starts = periods.map((p) => p.period_start_at!).sort();
  const ends = periods.map((p) => p.period_end_at);
  const joiningFee = facts.reduce((sum, p) => {
    const fee = Number(p.meta?.joining_fee ?? 0);
    return sum + (Number.isSafeInteger(fee) && fee > 0 ? fee : 0);
  }, 0);
  const key = `receipt:payment:${first.id}`;
  await queueMail(
    tx,
    [
      {
        key,
        template: 'payment_receipt',
        ...recipient(first),
        ...paymentReceiptMail({
          name: first.name,
          gymName: first.gym_name,
          total: facts.reduce((sum, p) => sum + Number(p.amount) + Number(p.surcharge), 0),
          surcharge: facts.reduce((sum, p) => sum + Number(p.surcharge), 0),
          joiningFee,
          paidAt: now,
          period:
            starts.length > 0
              ? {
                  start: starts[0]!,
                  end: ends.includes(null) ? null : (ends as CalendarDate[]).sort().at(-1)!,
                }
              : null,
          method: MANUAL_METHOD[first.type] ?? first.method,
          ...(first.meta?.part_payment === true && Number.isInteger(first.meta.still_owing)
            ? { stillOwing: first.meta.still_owing as number }
            : {}),
          reference: `P${first.id}`,
          taxLines: taxLines(
            first,
            facts.reduce((sum, p) => sum + Number(p.amount) + Number(p.surcharge), 0),
            now,
          ),
        }),
      },
    ],
    now,
  );
  return key;
}

/** The membership ended for non-payment on `day`. In the cancellation's transaction. */
export async function queueCancelledForNonPaymentMail(
  tx: Executor,
  subscriptionId: number,
  day: CalendarDate,
  now: Date,
): Promise<void> {
  const s = await repo.subscriptionMailFacts(tx, subscriptionId);
  if (!s) return;
  const mail = cancelledForNonPaymentMail({
    name: s.name,
    gymName: s.gym_name,
    owing: Number(s.balance_owing),
    cancelledOn: day,
  });
  await queueMail(
    tx,
    [
      {
        key: `cancelled_non_payment:subscription:${s.id}`,
        template: 'cancelled_non_payment',
        ...recipient(s),
        ...mail,
      },
    ],
    now,
  );
}

async function queueGraceEnding(deps: MailDeps, day: CalendarDate, now: Date): Promise<number> {
  const lastDay = addDays(day, GRACE_WARNING_DAYS);
  let queued = 0;
  let after = 0;
  for (;;) {
    const rows = await repo.graceEndingSoon(deps.db, day, lastDay, after);
    after = rows.at(-1)?.id ?? after;
    const mails = rows.flatMap((s): QueuedMail[] =>
      s.grace_period_ends_at === null
        ? []
        : [
            {
              key: `grace_ending:subscription:${s.id}:${s.grace_period_ends_at}`,
              template: 'grace_ending',
              ...recipient(s),
              ...graceEndingMail({
                name: s.name,
                gymName: s.gym_name,
                owing: Number(s.balance_owing),
                cancelsOn: s.grace_period_ends_at,
                url: FIX_PAYMENT_METHOD_URL,
              }),
            },
          ],
    );
    queued += await queueMail(deps.db, mails, now);
    if (rows.length < repo.MAIL_SCAN_BATCH) return queued;
  }
}

/** Reminders of the charges falling due REMINDER_DAYS_BEFORE days after `day`, at the amount the run will charge. */
async function queueReminders(deps: MailDeps, day: CalendarDate, now: Date): Promise<number> {
  const dueDate = addDays(day, REMINDER_DAYS_BEFORE);
  let queued = 0;
  for (const organisationId of await repo.organisationIds(deps.db)) {
    const totals = new Map<number, number>();
    for (const sub of await subscriptionsDueOn(deps.db, dueDate, organisationId)) {
      if (!isBillingFrequency(sub.billing_frequency)) continue;
      const next = nextDueDate({
        frequency: sub.billing_frequency,
        anchorDay: sub.anchor_day,
        startDate: sub.start_date,
        currentPeriodStart: sub.current_period_start,
        currentPeriodEnd: sub.current_period_end,
        endsAt: sub.ends_at,
        termEndsAt: sub.term_ends_at,
      });
      if (next !== dueDate) continue;
      const charge = planOf(sub, dueDate).find((p) => p.period.start === dueDate);
      if (charge) totals.set(sub.id, charge.amount + charge.surcharge);
    }
    if (totals.size === 0) continue;
    const recipients = await repo.reminderRecipients(deps.db, [...totals.keys()], dueDate);
    const mails = recipients.map(
      (r): QueuedMail => ({
        key: `reminder:charge-due:${r.subscription_id}:${dueDate}`,
        template: 'payment_reminder',
        ...recipient(r),
        ...paymentReminderMail({
          name: r.name,
          gymName: r.gym_name,
          total: totals.get(Number(r.subscription_id)) ?? 0,
          dueOn: dueDate,
          method: r.method,
        }),
      }),
    );
    queued += await queueMail(deps.db, mails, now);
  }
  return queued;
}

/** What a price-change notice is about: the member, their gym, the two prices and the date. */
export interface PriceChangeNoticeFacts {
  organisationId: number;
  name: string;
  gymName: string;
  fromPriceId: number | null;
  toPriceId: number;
  fromAmount: number;
  toAmount: number;
  takesEffectAt: CalendarDate;
}

/**
 * The notice of a price change (the engine's mail and the screens' preview render it here alike): the
 * new price and date; the new offering by name and how door access changes when the price is of
 * another offering; and, for another billing frequency, what happens to the period already paid.
 */
function renderPriceChange(facts: PriceChangeNoticeFacts, offerings: Map<number, repo.PriceOfferingRow>) {
  const from = facts.fromPriceId === null ? undefined : offerings.get(facts.fromPriceId);
  const to = offerings.get(facts.toPriceId);
  const frequency = to && isBillingFrequency(to.billing_frequency) ? to.billing_frequency : null;
  const fromFrequency = from && isBillingFrequency(from.billing_frequency) ? from.billing_frequency : null;
  return priceChangeMail({
    name: facts.name,
    gymName: facts.gymName,
    fromAmount: facts.fromAmount,
    toAmount: facts.toAmount,
    frequency,
    fromFrequency,
    takesEffectOn: facts.takesEffectAt,
    offering:
      from && to && from.id !== to.id
        ? { fromName: from.name, toName: to.name, accessChanges: accessChangeSentences(from, to) }
        : null,
  });
}

/** The notice of one price change, read and rendered as the engine's mail run will send it. */
export async function priceChangeNotice(db: Executor, facts: PriceChangeNoticeFacts) {
  const ids = [facts.toPriceId, ...(facts.fromPriceId === null ? [] : [facts.fromPriceId])];
  return renderPriceChange(facts, await repo.priceOfferings(db, facts.organisationId, ids));
}

/** Notices of scheduled price changes, each queued in the transaction that marks its change notified. */
async function queuePriceChanges(deps: MailDeps, now: Date): Promise<number> {
  let queued = 0;
  let after = 0;
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const rows = await repo.claimUnnotifiedPriceChanges(tx, after);
      after = rows.at(-1)?.id ?? after;
      // The prices' offerings, one read per organisation in the batch.
      const offerings = new Map<number, repo.PriceOfferingRow>();
      for (const organisationId of new Set(rows.map((c) => Number(c.organisation_id)))) {
        const ids = rows
          .filter((c) => Number(c.organisation_id) === organisationId)
          .flatMap((c) => [c.to_price_id, ...(c.from_price_id === null ? [] : [c.from_price_id])]);
        for (const [id, row] of await repo.priceOfferings(tx, organisationId, [...new Set(ids)]))
          offerings.set(id, row);
      }
      const mails = rows.map(
        (c): QueuedMail => ({
          key: `price_change:price_change:${c.id}`,
          template: 'price_change',
          ...recipient(c),
          ...renderPriceChange(
            {
              organisationId: Number(c.organisation_id),
              name: c.name,
              gymName: c.gym_name,
              fromPriceId: c.from_price_id,
              toPriceId: c.to_price_id,
              fromAmount: Number(c.from_amount),
              toAmount: Number(c.to_amount),
              takesEffectAt: c.takes_effect_at,
            },
            offerings,
          ),
          ...(c.reply_to ? { replyTo: c.reply_to } : {}),
        }),
      );
      queued += await queueMail(tx, mails, now);
      await repo.markPriceChangesNotified(
        tx,
        rows.map((c) => c.id),
        now,
      );
      return rows.length;
    });
    if (claimed < repo.MAIL_SCAN_BATCH) return queued;
  }
}

/** The day's mail: queues what the calendar brings on `day`, then sends everything queued. */
export async function sendBillingMail(deps: MailDeps, day: CalendarDate) {
  const now = deps.clock.now();
  const queued =
    (await queueGraceEnding(deps, day, now)) +
    (await queueReminders(deps, day, now)) +
    (await queuePriceChanges(deps, now));
  return { queued, ...(await sendQueuedMail(deps)) };
}
