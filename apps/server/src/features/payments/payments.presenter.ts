// Payment rows as the answers of @gym/domain/api/payments describe them.
import {
  failureExplanation,
  type PaymentAttempt,
  type PaymentRow,
  type PaymentStanding,
  type PaymentStatusGroup,
} from '@gym/domain/api/payments';
import { formatMoney } from '@gym/domain/money';
import { classifyPaymentStatus } from '@gym/domain/subscription-state';
import { iso } from '../../http/instants';
import type { PaymentDetailRow, PaymentListRow } from './payments.repository';

const GROUP_OF: Record<ReturnType<typeof classifyPaymentStatus>, PaymentStatusGroup> = {
  successful: 'successful',
  upcoming: 'upcoming',
  pending: 'pending',
  failed: 'failed',
};

export const statusGroupOf = (status: string): PaymentStatusGroup => GROUP_OF[classifyPaymentStatus(status)];

/** A payment row with its standing (payment-standing.ts: loaded for the whole page beforehand). */
export function presentPayment(row: PaymentListRow, standing: PaymentStanding): PaymentRow {
  const amount = Number(row.amount);
  const surcharge = Number(row.surcharge);
  return {
    id: row.id,
    amount,
    formatted_amount: formatMoney(amount),
    surcharge,
    formatted_surcharge: formatMoney(surcharge),
    total: amount + surcharge,
    formatted_total: formatMoney(amount + surcharge),
    status: row.status,
    status_group: statusGroupOf(row.status),
    type: row.type,
    is_retry: row.is_retry,
    is_pro_rata: row.is_pro_rata,
    attempt: Number(row.attempt),
    period_start_at: row.period_start_at,
    period_end_at: row.period_end_at,
    error_status: row.error_status,
    error_description: row.error_description,
    refunded: Number(row.refunded),
    formatted_refunded: formatMoney(Number(row.refunded)),
    user: { id: row.user_id, name: row.user_name, email: row.user_email },
    gym: { id: row.gym_id, name: row.gym_name },
    subscription_id: row.subscription_id,
    charge_id: row.charge_id,
    ...standing,
    created_at: iso(row.created_at),
  };
}

export function presentAttempt(row: PaymentDetailRow): PaymentAttempt {
  const total = Number(row.amount) + Number(row.surcharge);
  return {
    id: row.id,
    attempt: Number(row.attempt),
    status: row.status,
    status_group: statusGroupOf(row.status),
    type: row.type,
    total,
    formatted_total: formatMoney(total),
    is_retry: row.is_retry,
    akahu_id: row.akahu_id,
    akahu_sid: row.akahu_sid,
    stripe_id: row.stripe_id,
    error_status: row.error_status,
    error_description: row.error_description,
    error_explanation: failureExplanation(row.error_status, row.error_description),
    poll_count: Number(row.poll_count),
    processed_by:
      row.processed_by === null ? null : { id: row.processed_by, name: row.processed_by_name ?? '' },
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
