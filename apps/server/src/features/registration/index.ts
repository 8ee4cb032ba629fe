// What other features may use of the join site: the facts GET /api/me tells it, and a photo's address.

export { switchPaymentType } from './join-subscription.service';
export { profilePictureUrl } from './profile-picture.service';
export { joinFacts, type PaymentMethodRow, paymentMethods } from './registration.repository';
