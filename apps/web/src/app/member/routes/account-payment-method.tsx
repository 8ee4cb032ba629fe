import { AccountFrame } from '@/features/account/components/account-frame';
import { PaymentMethod } from '@/features/account/components/payment-method';

export function Component() {
  return (
    <AccountFrame title="How I pay">
      <PaymentMethod />
    </AccountFrame>
  );
}
