// What other features and the server use of billing: the rules that move a payment attempt when a
// provider answers (webhooks), the engine's daily run (the server's scheduler, the worker), and the
// steps staff actions on a subscription reuse (cancellation, pauses, attempts, settlement, door access).

export { akahuClientFor } from './akahu-client';
export { PAYMENT_KEY_METADATA, sendAttempt } from './attempts.service';
export { queueManualPaymentReceipt } from './billing-mail.service';
export { attemptKey, insertAttempt } from './billing-run.repository';
export { catchUp, runBillingDay } from './billing-run.service';
export {
  type CancellationPreview,
  type CancelOutcome,
  cancelSubscription,
  previewCancellation,
  undoCancellation,
} from './cancellation.service';
export { type RepricedCharge, repriceUnpaidCharges } from './charge-repricing';
export { settleCharge } from './charge-settlement';
export { restoreClock, runDueBilling, travel } from './clock.service';
export { type DoorChange, syncDoorAccess } from './door-access.service';
export { chargeFirstPayment, type FirstPaymentAttempt } from './first-payment.service';
export { sendQueuedMail } from './mail-outbox';
export { applyPauseIfStarted } from './pause-now.service';
export { logProviderActivity, ownerOfAkahuPayment, type PaymentOwner } from './payment-outcomes.repository';
export { applyPaymentOutcome, fetchAkahuPaymentReport, NO_MATCHING_RECORD } from './payment-outcomes.service';
export {
  drainMembershipOutbox,
  recordRefund,
  type SubscriptionState,
  TRANSITION_ACTIONS,
  type Transition,
  type TransitionKind,
  transition,
} from './transitions';
