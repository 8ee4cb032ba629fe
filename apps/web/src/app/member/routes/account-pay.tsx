import { AccountFrame } from '@/features/account/components/account-frame';
import { PayNow } from '@/features/account/components/pay-now';

export function Component() {
  return (
    <AccountFrame title="Pay what is owed">
      <PayNow />
    </AccountFrame>
  );
}
