// The payment life: created READY; after the configured delay (or when a test moves the clock) the
// bank answers SENT, DECLINED or ERROR (or it waits in PENDING_APPROVAL / PAUSED); every change
// sends PAYMENT UPDATE, and a SENT payment later sends PAYMENT RECEIVED.
import { randomText } from '../shared/ids';
import type { AkahuContext } from './context';
import { emitAkahuEvent, emitTokenRevoked } from './events';
import { outcomeForCode, statusTextFor } from './payment-outcomes';
import type { AkahuPayment, PaymentOutcome, PaymentRecord, PaymentStatus } from './state';

const FINAL: PaymentStatus[] = ['SENT', 'DECLINED', 'ERROR', 'CANCELLED'];

export const newSid = (): string => `akahu${randomText(8, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}`;

export function schedulePayment(ctx: AkahuContext, record: PaymentRecord): void {
  const behaviour = ctx.state.behaviours.get(record.payment.from);
  const delay = behaviour?.kind === 'slow' ? behaviour.days * 86_400_000 : ctx.settings.paymentDelayMs;
  ctx.runtime.scheduler.after(delay, 'akahu:payment', () => processPayment(ctx, record));
}

/** Whether the account's payments are answered without telling the app (a "Quiet" account). */
const isQuiet = (ctx: AkahuContext, accountId: string) =>
  ctx.state.behaviours.get(accountId)?.kind === 'quiet';

function naturalOutcome(ctx: AkahuContext, payment: AkahuPayment): PaymentOutcome {
  const account = ctx.state.accounts.get(payment.from);
  if (account?.status !== 'ACTIVE') return outcomeForCode('AUTHENTICATION_FAILED');
  if (payment.amount > account.balance.available) return outcomeForCode('INSUFFICIENT_FUNDS');
  return { status: 'SENT' };
}

function processPayment(ctx: AkahuContext, record: PaymentRecord): void {
  if (record.payment.status !== 'READY') return;
  const from = record.payment.from;
  const count = (ctx.state.paymentCounts.get(from) ?? 0) + 1;
  ctx.state.paymentCounts.set(from, count);
  const behaviour = ctx.state.behaviours.get(from);
  const queued = ctx.state.nextOutcomes.get(from)?.shift();
  const outcome =
    queued ??
    (behaviour?.kind === 'fails_every' && count % behaviour.n === 0
      ? outcomeForCode('INSUFFICIENT_FUNDS')
      : naturalOutcome(ctx, record.payment));
  applyOutcome(ctx, record, outcome);
  if (behaviour?.kind === 'revokes_after_first' && count === 1) {
    for (const [token, held] of ctx.state.tokens) {
      if (!held.accountIds.includes(from)) continue;
      emitTokenRevoked(ctx, token);
      ctx.state.tokens.delete(token);
    }
  }
}

/** Moves a payment to the outcome's status and tells the app (also used by the resolve control). */
export function applyOutcome(ctx: AkahuContext, record: PaymentRecord, outcome: PaymentOutcome): void {
  const payment = record.payment;
  const now = ctx.runtime.clock.now().toISOString();
  payment.status = outcome.status;
  payment.final = FINAL.includes(outcome.status);
  payment.updated_at = now;
  payment.timeline.push({ status: outcome.status, time: now });
  delete payment.status_code;
  delete payment.status_text;
  if ('status_code' in outcome) {
    payment.status_code = outcome.status_code;
    payment.status_text = outcome.status_text ?? statusTextFor(outcome.status_code);
  }
  if (outcome.status === 'PENDING_APPROVAL') payment.approval_type = 'USER';
  if (outcome.status === 'SENT') {
    const account = ctx.state.accounts.get(payment.from);
    if (account) {
      account.balance.current = Math.round((account.balance.current - payment.amount) * 100) / 100;
      account.balance.available = Math.round((account.balance.available - payment.amount) * 100) / 100;
    }
    ctx.runtime.scheduler.after(ctx.settings.receivedDelayMs, 'akahu:payment', () =>
      markReceived(ctx, record),
    );
  }
  if (isQuiet(ctx, payment.from)) return;
  emitAkahuEvent(ctx, {
    appToken: record.appToken,
    userId: record.userId,
    type: 'PAYMENT',
    code: 'UPDATE',
    fields: {
      item_id: payment._id,
      status: payment.status,
      ...(payment.status_text ? { status_text: payment.status_text } : {}),
      ...(payment.status_code ? { status_code: payment.status_code } : {}),
    },
  });
}

function markReceived(ctx: AkahuContext, record: PaymentRecord): void {
  const received = ctx.runtime.clock.now().toISOString();
  record.payment.received_at = received;
  if (isQuiet(ctx, record.payment.from)) return;
  emitAkahuEvent(ctx, {
    appToken: record.appToken,
    userId: record.userId,
    type: 'PAYMENT',
    code: 'RECEIVED',
    fields: { item_id: record.payment._id, received_at: received },
  });
}
