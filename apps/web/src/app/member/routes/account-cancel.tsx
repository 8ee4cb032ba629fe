import { AccountFrame } from '@/features/account/components/account-frame';
import { CancelForm } from '@/features/account/components/cancel-form';

export function Component() {
  return (
    <AccountFrame title="Cancel my membership">
      <CancelForm />
    </AccountFrame>
  );
}
