// The payment life: created READY; after the configured delay (or when a test moves the clock) the
// bank answers SENT, DECLINED or ERROR (or it waits in PENDING_APPROVAL / PAUSED); every change
// sends PAYMENT UPDATE, and a SENT payment later sends PAYMENT RECEIVED.
import { randomText } from '../shared/ids';
import type { AkahuContext } from './context';
import { emitAkahuEvent } from './events';
import { outcomeForCode, statusTextFor } from './payment-outcomes';
import type { AkahuPayment, PaymentOutcome, PaymentRecord, PaymentStatus } from './state';

const FINAL: PaymentStatus[] = ['SENT', 'DECLINED', 'ERROR', 'CANCELLED'];

export const newSid = (): string => `akahu${randomText(8, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}`;

export function schedulePayment(ctx: AkahuContext, record: PaymentRecord): void {
  ctx.runtime.scheduler.after(ctx.settings.paymentDelayMs, 'akahu:payment', () =>
    processPayment(ctx, record),
  );
}

function naturalOutcome(ctx: AkahuContext, payment: AkahuPayment): PaymentOutcome {
  const account = ctx.state.accounts.get(payment.from);
  if (account?.status !== 'ACTIVE') return outcomeForCode('AUTHENTICATION_FAILED');
  if (payment.amount > account.balance.available) return outcomeForCode('INSUFFICIENT_FUNDS');
  return { status: 'SENT' };
}

function processPayment(ctx: AkahuContext, record: PaymentRecord): void {
  if (record.payment.status !== 'READY') return;
  const queued = ctx.state.nextOutcomes.get(record.payment.from)?.shift();
  applyOutcome(ctx, record, queued ?? naturalOutcome(ctx, record.payment));
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
  emitAkahuEvent(ctx, {
    appToken: record.appToken,
    userId: record.userId,
    type: 'PAYMENT',
    code: 'RECEIVED',
    fields: { item_id: record.payment._id, received_at: received },
  });
}
