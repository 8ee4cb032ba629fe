// What other features may use of the join site: switching a membership's way to pay, the member's ways to pay.

export { methodLabel, offeredMethodIds, switchPaymentType } from './join-subscription.service';
export { type PaymentMethodRow, paymentMethods } from './registration.repository';
