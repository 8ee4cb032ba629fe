import { ConfirmSubscription } from '@/features/join/components/confirm-subscription';
import { JoinCard } from '@/features/join/components/join-card';

export function Component() {
  return (
    <JoinCard title="Confirm your membership">
      <ConfirmSubscription />
    </JoinCard>
  );
}
