// Where a member goes next on the join site (spec section 2): their account once joined, else photo,
// payment method, confirm.
import { route } from '@/config/paths';
import type { Me } from '@/lib/session/me';

/** After adding a way to pay: the confirm step while joining, the account's payment page once joined. */
export function afterPaymentMethod(user: Me): string {
  return user.registration_complete
    ? route('account.payment-method')
    : route('register.confirm-subscription');
}

export function nextJoinStep(user: Me): string {
  if (user.registration_complete) return route('account');
  if (!user.profile_picture) return route('register.take-photo');
  if (user.payment_types.length === 0) return route('register.choose-payment-method');
  return route('register.confirm-subscription');
}
