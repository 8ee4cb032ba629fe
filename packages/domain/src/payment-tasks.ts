// What is still to be done about one payment (the `tasks` and `balance_owing`/`periods_owing` of the
// specification's Payment, section 3), from the payment and the charge it is an attempt at. The engine's
// own rules decide: when a failed charge is tried again (payment-retry), which failures wait for the
// member (failure classes) and what a charge leaves owing (billing-schedule `arrears`).
import { type Arrears, arrears } from './billing-schedule';
import type { CalendarDate } from './calendar-date';
import { failureKind, nextRetryDate } from './payment-retry';
import { classifyPaymentStatus } from './subscription-state';

/**
 * send: an upcoming attempt the engine sends on `due_on`; await_provider: sent, the bank or card
 * provider's answer is awaited (polled); retry: the engine tries the failed charge again on `due_on`;
 * update_payment_method: a failure only the member can clear (a new bank account or card); collect:
 * retries are used up and the charge is owed until the member pays it or staff record a payment.
 */
export const PAYMENT_TASK_KINDS = [
  'send',
  'await_provider',
  'retry',
  'update_payment_method',
  'collect',
] as const;
export type PaymentTaskKind = (typeof PAYMENT_TASK_KINDS)[number];

export const PAYMENT_TASK_LABELS: Record<PaymentTaskKind, string> = {
  send: 'Sent on the due date',
  await_provider: 'Waiting for the provider’s answer',
  retry: 'Retried automatically',
  update_payment_method: 'The member must give a new payment method',
  collect: 'Owed: the member pays it, or staff record a payment',
};

export interface PaymentTask {
  kind: PaymentTaskKind;
  /** The day it happens (send, retry), or null when it waits on someone else. */
  due_on: CalendarDate | null;
}

/** The charge a payment is an attempt at, as far as the rules need it. */
export interface ChargeFacts {
  kind: string;
  /** unpaid, paid, written_off or refunded. */
  status: string;
  dueDate: CalendarDate;
  /** Amount plus surcharge, cents. */
  total: number;
  /** Auckland date of its first failed attempt, or null. */
  firstFailedOn: CalendarDate | null;
  /** The membership is cancelled: only a break fee is still retried. */
  subscriptionCancelled: boolean;
  /** Retry attempts made at it (payments with is_retry). */
  retriesMade: number;
  /** An attempt at it is still waiting for the provider. */
  inFlight: boolean;
  /** error_status of its latest attempt. */
  lastFailureCode: string | null;
}

/**
 * When the engine tries an unpaid charge again by itself, or null when it will not: the charge is paid
 * (or never failed), an attempt is in flight, the membership is cancelled (a break fee aside), the
 * failure is hard, or the retry schedule is used up.
 */
export function scheduledRetryOn(charge: ChargeFacts): CalendarDate | null {
  if (charge.status !== 'unpaid' || charge.firstFailedOn === null) return null;
  if (charge.subscriptionCancelled && charge.kind !== 'break_fee') return null;
  if (charge.inFlight) return null;
  return nextRetryDate({
    firstFailedOn: charge.firstFailedOn,
    retriesMade: charge.retriesMade,
    lastFailureCode: charge.lastFailureCode,
  });
}

/** What the charge still owes (nothing for a payment recorded by hand with no charge). */
export const chargeArrears = (charge: ChargeFacts | null): Arrears =>
  arrears(
    charge === null
      ? []
      : [
          {
            kind: charge.kind,
            status: charge.status,
            total: charge.total,
            failed: charge.firstFailedOn !== null,
          },
        ],
  );

/**
 * The tasks of one payment. Only the latest attempt at a charge carries the charge's next step (an
 * earlier failed attempt has been followed by another); a payment with no charge was recorded by hand.
 */
export function paymentTasks(payment: {
  status: string;
  errorStatus: string | null;
  /** This is the latest attempt at its charge. */
  latest: boolean;
  charge: ChargeFacts | null;
}): PaymentTask[] {
  const { charge } = payment;
  switch (classifyPaymentStatus(payment.status)) {
    case 'upcoming':
      return [{ kind: 'send', due_on: charge?.dueDate ?? null }];
    case 'pending':
      return [{ kind: 'await_provider', due_on: null }];
    case 'successful':
      return [];
    case 'failed': {
      if (charge === null || !payment.latest || charge.status !== 'unpaid') return [];
      const retryOn = scheduledRetryOn(charge);
      if (retryOn !== null) return [{ kind: 'retry', due_on: retryOn }];
      if (charge.inFlight) return [];
      if (failureKind(payment.errorStatus) === 'hard')
        return [{ kind: 'update_payment_method', due_on: null }];
      return [{ kind: 'collect', due_on: null }];
    }
  }
}
