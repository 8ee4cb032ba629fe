// The product's one vocabulary: the plain words a gym owner reads for every code the server keeps or
// sends (payment statuses, failure codes, activity kinds, payment methods, webhook events). The page and
// the server's CSV and mail take their words from here, so a code never reaches a person as it is.
import { type CalendarDate, isCalendarDate } from './calendar-date';
import { formatDate, formatDateTime, formatTime } from './format';
import { partPaymentSentence } from './manual-payment';
import { formatMoney } from './money';
import { sentenceCase } from './payment-method';
import { HARD_FAILURE_CODES, normaliseFailureCode, SOFT_FAILURE_CODES } from './payment-retry';

/** Every status a payment row can hold (the payments_status check in the database). */
export const PAYMENT_STATUSES = [
  'upcoming',
  'pending_request',
  'sent',
  'failed',
  'declined',
  'error',
  'cancelled',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  upcoming: 'Upcoming',
  pending_request: 'Waiting for the bank',
  sent: 'Paid',
  failed: 'Failed',
  declined: 'Declined',
  error: 'Failed (provider error)',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export const paymentStatusLabel = (status: string) =>
  PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? sentenceCase(status);

export const FAILURE_CODES = [...SOFT_FAILURE_CODES, ...HARD_FAILURE_CODES] as const;
export type KnownFailureCode = (typeof FAILURE_CODES)[number];

export const FAILURE_LABELS: Record<KnownFailureCode, string> = {
  INSUFFICIENT_FUNDS: 'Not enough money in the account',
  BANK_ERROR: 'The bank could not process it',
  PROVIDER_UNAVAILABLE: 'The payment service was unavailable',
  AFTER_HOURS: 'Sent after the bank’s hours',
  INVALID_ACCOUNT: 'The bank account is closed or wrong',
  CONSENT_REVOKED: 'The member withdrew the bank connection',
  CARD_LOST_OR_STOLEN: 'The card was reported lost or stolen',
  CARD_EXPIRED: 'The card has expired',
  INCORRECT_CARD_NUMBER: 'The card number is wrong',
  CARD_DISPUTED: 'The cardholder disputed the payment with their bank',
  AUTHENTICATION_REQUIRED: 'The card’s bank asked the member to approve it',
};

/**
 * Why a payment failed, in words: a known code by its label (a provider's spelling of it too), else the
 * provider's own description, else the code made readable ('DO_NOT_HONOR' → 'Do not honor').
 */
export function failureLabel(code: string | null | undefined, description?: string | null): string {
  const known = normaliseFailureCode(code);
  if (known) return FAILURE_LABELS[known];
  if (description?.trim()) return description.trim();
  return code ? sentenceCase(code) : 'Failed';
}

export { cardBrandLabel, paymentMethodLabel } from './payment-method';

/** Every kind of activity-log entry the server writes (db/activity.ts takes only these). */
export const ACTIVITY_ACTIONS = [
  'access_control.integration_added',
  'access_control.integration_changed',
  'akahu_connection.revoked',
  'bank_account.deleted_at_bank',
  'bank_account.migrated',
  'charge.repriced_for_payment_type',
  'door_access.granted',
  'door_access.revoked',
  'door_access.sync_failed',
  'gym.akahu_config_changed',
  'gym.branch_config_changed',
  'gym.destination_account_changed',
  'gym.destination_account_created',
  'gym.door_tracks_visits_changed',
  'gym.logo_changed',
  'gym.place_linked',
  'gym.stripe_account_created',
  'gym.stripe_account_replaced',
  'gym.stripe_charges_disabled',
  'gym.stripe_charges_enabled',
  'gym.stripe_connected',
  'gym.tracks_visits_changed',
  'gym.updated',
  'member.akahu_connected',
  'member.created',
  'member.deleted',
  'member.details_changed',
  'member.email_changed',
  'member.kisi_login_recreated',
  'member.password_changed',
  'member.payment_type_switched',
  'member.profile_picture_changed',
  'member.register_fields_changed',
  'member.registered',
  'member.updated',
  'offering.archived',
  'offering.created',
  'offering.deleted',
  'offering.restored',
  'offering.updated',
  'organisation.grace_period_changed',
  'organisation.offering_permissions_changed',
  'organisation.price_frequencies_changed',
  'organisation.renamed',
  'organisation.self_service_changed',
  'organisation.tax_details_changed',
  'organisation.term_grace_period_changed',
  'payment.dispute_lost',
  'payment.dispute_won',
  'payment.disputed',
  'payment.failed',
  'payment.first_payment_retried_by_member',
  'payment.manual_recorded',
  'payment.reconciliation_drift',
  'payment.refunded',
  'payment.retried_by_member',
  'payment.retried_by_staff',
  'payment.sent',
  'price.archived',
  'price.created',
  'price.deleted',
  'price.private_link_created',
  'price.restored',
  'price.updated',
  'staff.added',
  'staff.deactivated',
  'staff.door_access_granted',
  'staff.invitation_resent',
  'staff.roles_changed',
  'subscription.cancellation_undone',
  'subscription.cancelled',
  'subscription.cancelled_for_non_payment',
  'subscription.confirmed',
  'subscription.billing_date_changed',
  'subscription.created',
  'subscription.grace_cleared',
  'subscription.grace_started',
  'subscription.pause_ended',
  'subscription.pause_removed',
  'subscription.pause_scheduled',
  'subscription.pause_started',
  'subscription.price_change_applied',
  'subscription.price_change_scheduled',
  'subscription.start_moved',
  'subscription.started_early',
  'subscription.term_ended',
  'visit.check_in_refused',
  'visit.checked_in',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ACTIVITY_LABELS: Record<ActivityAction, string> = {
  'access_control.integration_added': 'Door system connected',
  'access_control.integration_changed': 'Door system settings changed',
  'akahu_connection.revoked': 'Bank connection removed by the member',
  'charge.repriced_for_payment_type': 'Charge recalculated for the new payment method',
  'door_access.granted': 'Door access given',
  'door_access.revoked': 'Door access removed',
  'door_access.sync_failed': 'Door system could not be updated',
  'gym.akahu_config_changed': 'Bank payment settings changed',
  'gym.branch_config_changed': 'App link settings changed',
  'gym.destination_account_changed': 'Gym bank account changed',
  'gym.destination_account_created': 'Gym bank account added',
  'gym.door_tracks_visits_changed': 'Door visit counting changed',
  'gym.logo_changed': 'Gym logo changed',
  'gym.place_linked': 'Gym linked to its door system place',
  'gym.stripe_account_created': 'Card payments account created',
  'gym.stripe_account_replaced': 'Card payments account replaced',
  'gym.stripe_connected': 'Card payments connected',
  'gym.tracks_visits_changed': 'Visit counting changed',
  'gym.updated': 'Gym details changed',
  'member.akahu_connected': 'Bank account connected',
  'member.created': 'Member added',
  'member.deleted': 'Member deleted',
  'member.kisi_login_recreated': 'New door login made',
  'member.payment_type_switched': 'Payment method changed',
  'member.profile_picture_changed': 'Photo changed',
  'member.register_fields_changed': 'Join choices changed',
  'member.registered': 'Joined online',
  'member.updated': 'Details changed',
  'offering.archived': 'Offering archived',
  'offering.created': 'Offering added',
  'offering.deleted': 'Offering deleted',
  'offering.restored': 'Offering restored',
  'offering.updated': 'Offering changed',
  'organisation.grace_period_changed': 'Grace period changed',
  'organisation.offering_permissions_changed': 'Offering permissions changed',
  'organisation.price_frequencies_changed': 'Billing frequencies changed',
  'organisation.renamed': 'Organisation renamed',
  'organisation.term_grace_period_changed': 'Term membership grace period changed',
  'payment.failed': 'Payment failed',
  'payment.first_payment_retried_by_member': 'Member tried the first payment again',
  'payment.manual_recorded': 'Payment taken at the desk',
  'payment.reconciliation_drift': 'Payment differs from the provider’s record',
  'payment.retried_by_staff': 'Payment tried again by staff',
  'payment.sent': 'Payment received',
  'price.archived': 'Price archived',
  'price.created': 'Price added',
  'price.deleted': 'Price deleted',
  'price.private_link_created': 'Private join link made',
  'price.restored': 'Price restored',
  'price.updated': 'Price changed',
  'staff.added': 'Staff member invited',
  'staff.deactivated': 'Staff member deactivated',
  'staff.door_access_granted': 'Staff door access given',
  'staff.invitation_resent': 'Staff invitation sent again',
  'staff.roles_changed': 'Staff roles changed',
  'subscription.cancellation_undone': 'Cancellation undone',
  'subscription.cancelled': 'Membership cancelled',
  'subscription.cancelled_for_non_payment': 'Membership cancelled: not paid by the end of grace',
  'subscription.billing_date_changed': 'Billing date changed',
  'subscription.created': 'Membership started',
  'subscription.grace_cleared': 'Overdue payments paid: back to normal',
  'subscription.grace_started': 'Payment overdue',
  'subscription.pause_ended': 'Pause ended',
  'subscription.pause_removed': 'Pause removed',
  'subscription.pause_scheduled': 'Pause booked',
  'subscription.pause_started': 'Pause started',
  'subscription.price_change_applied': 'New price in effect',
  'subscription.price_change_scheduled': 'Price change booked',
  'subscription.started_early': 'Membership started early',
  'subscription.start_moved': 'Start moved to the day of the first payment',
  'bank_account.deleted_at_bank': 'Bank account closed at the bank: member asked to connect again',
  'bank_account.migrated': 'Bank account moved to a new number by the bank',
  'gym.stripe_charges_disabled': 'Card payments stopped by Stripe',
  'gym.stripe_charges_enabled': 'Card payments working again',
  'member.details_changed': 'Details changed by the member',
  'member.email_changed': 'Email address changed',
  'member.password_changed': 'Password changed',
  'organisation.self_service_changed': 'Member self-service settings changed',
  'organisation.tax_details_changed': 'Legal name or GST number changed',
  'payment.dispute_lost': 'Card dispute lost: payment owed again',
  'payment.dispute_won': 'Card dispute won: payment kept',
  'payment.disputed': 'Payment disputed by the cardholder',
  'payment.refunded': 'Payment refunded',
  'payment.retried_by_member': 'Payment tried again by the member',
  'visit.check_in_refused': 'Refused at the front desk',
  'visit.checked_in': 'Checked in at the front desk',
  'subscription.confirmed': 'Membership confirmed',
  'subscription.term_ended': 'Term finished: now month to month',
};

export const activityLabel = (action: string) =>
  ACTIVITY_LABELS[action as ActivityAction] ?? sentenceCase(action);

const dateIn = (data: Record<string, unknown>, key: string): string | null => {
  const value = data[key];
  if (typeof value !== 'string') return null;
  if (isCalendarDate(value)) return formatDate(value as CalendarDate);
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : formatDate(instant);
};
const centsIn = (data: Record<string, unknown>, key: string): string | null =>
  typeof data[key] === 'number' && Number.isInteger(data[key]) ? formatMoney(data[key] as number) : null;
const textIn = (data: Record<string, unknown>, key: string): string | null =>
  typeof data[key] === 'string' && data[key] ? (data[key] as string) : null;

/**
 * An entry as a sentence, with the facts it carries: 'Payment overdue: grace until 12 Mar 2026',
 * 'Payment failed: Not enough money in the account', 'Pause booked: 1 Dec 2026 to 14 Dec 2026'.
 */
export function activitySentence(entry: { action: string; data?: Record<string, unknown> | null }): string {
  const label = activityLabel(entry.action);
  const data = entry.data ?? {};
  const detail = (() => {
    switch (entry.action) {
      case 'subscription.grace_started': {
        const until = dateIn(data, 'grace_period_ends_at');
        return until ? `grace until ${until}` : null;
      }
      case 'payment.failed':
        return failureLabel(textIn(data, 'error_status'), textIn(data, 'error_description'));
      case 'payment.manual_recorded': {
        const amount = centsIn(data, 'amount');
        const how = textIn(data, 'type');
        const by = how ? ` by ${how === 'eftpos' ? 'EFTPOS' : how}` : '';
        const paid = data.paid_total;
        const owing = data.still_owing;
        if (data.part_payment === true && Number.isInteger(paid) && Number.isInteger(owing))
          return `${partPaymentSentence(paid as number, owing as number)}${by ? ` (${by.trim()})` : ''}`;
        return amount ? `${amount}${by}` : null;
      }
      case 'subscription.pause_scheduled': {
        const from = dateIn(data, 'start_date');
        const to = dateIn(data, 'end_date');
        return from && to ? `${from} to ${to}` : null;
      }
      case 'subscription.price_change_scheduled': {
        const from = centsIn(data, 'from_amount');
        const to = centsIn(data, 'to_amount');
        const when = dateIn(data, 'takes_effect_at');
        if (!to) return when ? `from ${when}` : null;
        return `${from ? `${from} to ` : ''}${to}${when ? ` from ${when}` : ''}`;
      }
      case 'subscription.cancelled':
      case 'subscription.cancelled_for_non_payment': {
        const ends = dateIn(data, 'ends_at');
        return ends ? `ends ${ends}` : null;
      }
      case 'subscription.billing_date_changed': {
        const to = dateIn(data, 'billing_date');
        return to ? `first payment runs to ${to}` : 'cleared';
      }
      case 'subscription.pause_started': {
        const next = dateIn(data, 'next_charge_date');
        return next ? `next payment ${next}` : null;
      }
      default:
        return null;
    }
  })();
  return detail ? `${label}: ${detail}` : label;
}

/** Webhook events by provider code; an unknown one reads as its code made plain. */
export const WEBHOOK_EVENT_LABELS: Record<string, string> = {
  'PAYMENT:UPDATE': 'Bank payment update',
  'TOKEN:DELETE': 'Bank connection removed',
  'TOKEN:UPDATE': 'Bank connection updated',
  'ACCOUNT:UPDATE': 'Bank account updated',
  'payment_intent.succeeded': 'Card payment succeeded',
  'payment_intent.payment_failed': 'Card payment failed',
  'payment_intent.processing': 'Card payment processing',
  'setup_intent.succeeded': 'Card saved',
  'account.updated': 'Card payments account updated',
  'customer.created': 'Card customer created',
  'lock.unlock': 'Door unlocked',
  'sandbox.test_event': 'Test event',
  ping: 'Test ping',
};

export const webhookEventLabel = (eventType: string | null | undefined) =>
  !eventType ? 'Unknown event' : (WEBHOOK_EVENT_LABELS[eventType] ?? sentenceCase(eventType));

/**
 * Until when a cancellation may be undone (strictly before the instant): an instant at Auckland midnight
 * reads as the end of the day before ('until the end of 29 Nov 2026', not '30 Nov 2026, 12:00 am').
 */
export function undoUntilPhrase(until: Date): string {
  if (formatTime(until) === '12:00 am') {
    return `can be undone until the end of ${formatDate(new Date(until.getTime() - 1))}`;
  }
  return `can be undone until ${formatDateTime(until)}`;
}

/** What is owed for a period (a charge), as the payment drawer and the debug screens show it. */
export const CHARGE_STATUS_LABELS: Record<string, string> = {
  unpaid: 'Not paid yet',
  paid: 'Paid',
  written_off: 'Written off',
  refunded: 'Refunded',
};

export const chargeStatusLabel = (status: string) => CHARGE_STATUS_LABELS[status] ?? sentenceCase(status);

/** A membership's state, as its badge says it. */
export const SUBSCRIPTION_STATE_LABELS: Record<string, string> = {
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled',
  grace: 'In grace',
  upcoming: 'Upcoming',
};

export const subscriptionStateLabel = (state: string) =>
  SUBSCRIPTION_STATE_LABELS[state] ?? sentenceCase(state);
