// What other features and the server use of billing: the rules that move a payment attempt when a
// provider answers (webhooks), the engine's daily run (the server's scheduler, the worker), and the
// steps staff actions on a subscription reuse (cancellation, pauses, attempts, settlement, door access).

export { akahuClientFor } from './akahu-client';
export { PAYMENT_KEY_METADATA, sendAttempt } from './attempts.service';
export { type PriceChangeNoticeFacts, priceChangeNotice } from './billing-mail.service';
export { dueSubscriptions, dueSubscriptionsForForecast, insertAttempt } from './billing-run.repository';
export { catchUp, type DaySummary, runBillingDay } from './billing-run.service';
export {
  type CancellationPreview,
  cancelSubscription,
  previewCancellation,
  undoCancellation,
} from './cancellation.service';
export {
  recordCardDisputeClosed,
  recordCardDisputeOpened,
  recordOutsideCardRefund,
} from './card-reversals.service';
export { repriceUnpaidCharges } from './charge-repricing';
export { collectedAmountOf, collectedSurchargeOf, settleCharge } from './charge-settlement';
export { chargeFirstPayment } from './first-payment.service';
export { AWAITING_FIRST_PAYMENT } from './membership-states';
export { applyPauseIfStarted } from './pause-now.service';
export { logProviderActivity, ownerOfAkahuPayment, type PaymentOwner } from './payment-outcomes.repository';
export { applyPaymentOutcome, fetchAkahuPaymentReport, NO_MATCHING_RECORD } from './payment-outcomes.service';
export { DRIFT_ACTION, reconcile } from './reconciliation.service';
export { planOf } from './subscription-plan';
export {
  drainMembershipOutbox,
  recordRefund,
  transition,
} from './transitions';
