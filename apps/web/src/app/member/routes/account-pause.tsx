import { AccountFrame } from '@/features/account/components/account-frame';
import { PauseForm } from '@/features/account/components/pause-form';

export function Component() {
  return (
    <AccountFrame title="Pause my membership">
      <PauseForm />
    </AccountFrame>
  );
}
