// How a row reads: its period, amounts, the money's badge and the membership's badge.

import { addDays, type CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { formatMoney } from '@gym/domain/money';
import type {
  ExpectedPaymentRow,
  ExpectedPaymentStatus,
  ExpectedPaymentSubscription,
} from '../api/expected-payment-answers';
import { membershipStateLabel } from '../api/expected-payment-answers';

export const NONE = '--';

const STATUS_COLOURS: Record<ExpectedPaymentStatus, string> = {
  paid: 'green',
  failed: 'red',
  pending: 'blue',
  not_charged: 'gray',
  written_off: 'gray',
  refunded: 'grape',
};

const STATE_COLOURS: Record<ExpectedPaymentSubscription['state'], string> = {
  active: 'green',
  grace: 'orange',
  cancelled: 'red',
  paused: 'yellow',
  upcoming: 'blue',
};

/** '5 Mar 2026 – 11 Mar 2026': the period's first and last days (its end is the next period's start). */
export function periodLabel(row: Pick<ExpectedPaymentRow, 'period_start' | 'period_end'>): string {
  if (!row.period_start) return NONE;
  const start = row.period_start as CalendarDate;
  const end = row.period_end ? addDays(row.period_end as CalendarDate, -1) : null;
  if (!end || end <= start) return formatDate(start);
  return `${formatDate(start)} – ${formatDate(end)}`;
}

const money = (amount: { amount: number; surcharge: number } | null) =>
  amount ? formatMoney(amount.amount + amount.surcharge) : NONE;

export const expectedAmount = (row: ExpectedPaymentRow) => money(row.expected);
export const chargedAmount = (row: ExpectedPaymentRow) => money(row.charge);

export function statusBadge(row: ExpectedPaymentRow): { label: string; color: string } | null {
  if (!row.payment_status) return null;
  return { label: row.status_label ?? row.payment_status, color: STATUS_COLOURS[row.payment_status] };
}

export function membershipBadge(subscription: ExpectedPaymentSubscription | null) {
  if (!subscription) return null;
  return { label: membershipStateLabel(subscription), color: STATE_COLOURS[subscription.state] };
}

export function doorAccessLabel(subscription: ExpectedPaymentSubscription | null): string {
  if (!subscription) return NONE;
  return subscription.door_access ? 'Yes' : 'No';
}
