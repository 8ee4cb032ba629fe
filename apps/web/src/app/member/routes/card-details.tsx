import { CardDetails } from '@/features/join/components/card-setup';
import { JoinCard } from '@/features/join/components/join-card';

export function Component() {
  return (
    <JoinCard title="Card details">
      <CardDetails />
    </JoinCard>
  );
}
