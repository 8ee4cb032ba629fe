import { AccountFrame } from '@/features/account/components/account-frame';
import { DetailsScreen } from '@/features/account/components/details-form';

export function Component() {
  return (
    <AccountFrame title="My details">
      <DetailsScreen />
    </AccountFrame>
  );
}
