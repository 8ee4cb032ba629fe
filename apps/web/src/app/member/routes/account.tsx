import { AccountFrame } from '@/features/account/components/account-frame';
import { MembershipHome } from '@/features/account/components/membership-card';

export function Component() {
  return (
    <AccountFrame title="My membership">
      <MembershipHome />
    </AccountFrame>
  );
}
