// Values of a subscription's `upcoming_state` (the schema allows 'upcoming' and 'failed').

/**
 * A membership whose first payment was declined at confirmation: not begun, nothing owed, nothing more
 * charged until the member pays (BILLING.md "A first payment declined at confirmation is not a debt").
 * The billing run's due rule reads it in SQL: migration 0035's subscription_may_fall_due ('failed').
 */
export const AWAITING_FIRST_PAYMENT = 'failed';
