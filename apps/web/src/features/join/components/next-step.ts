// Where a member goes next on the join site (spec section 2): welcome, photo, payment method, confirm.
import { route } from '@/config/paths';
import type { Me } from '@/lib/session/me';

export function nextJoinStep(user: Me): string {
  if (user.registration_complete) return route('register.welcome-to-gym');
  if (!user.profile_picture) return route('register.take-photo');
  if (user.payment_types.length === 0) return route('register.choose-payment-method');
  return route('register.confirm-subscription');
}
