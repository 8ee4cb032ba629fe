import { AccountFrame } from '@/features/account/components/account-frame';
import { PaymentsList } from '@/features/account/components/payments-list';

export function Component() {
  return (
    <AccountFrame title="Payments and receipts">
      <PaymentsList />
    </AccountFrame>
  );
}
