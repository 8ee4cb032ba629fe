// What other features and the server use of billing: the rules that move a payment attempt when a
// provider answers (webhooks), and the engine's daily run (the server's scheduler, the worker).
export { PAYMENT_KEY_METADATA, sendAttempt } from './attempts.service';
export { attemptKey, insertAttempt } from './billing-run.repository';
export { catchUp, runBillingDay } from './billing-run.service';
export { type CancelOutcome, cancelSubscription, undoCancellation } from './cancellation.service';
export { restoreClock, runDueBilling, travel } from './clock.service';
export { logProviderActivity, ownerOfAkahuPayment, type PaymentOwner } from './payment-outcomes.repository';
export { applyPaymentOutcome, fetchAkahuPaymentReport, NO_MATCHING_RECORD } from './payment-outcomes.service';
export { chargeFirstPayment, type FirstPaymentAttempt } from './first-payment.service';
export { syncDoorAccess } from './door-access.service';
