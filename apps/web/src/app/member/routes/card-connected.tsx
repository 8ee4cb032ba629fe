import { CardConnected } from '@/features/join/components/card-setup';
import { JoinCard } from '@/features/join/components/join-card';

export function Component() {
  return (
    <JoinCard title="Card connected">
      <CardConnected />
    </JoinCard>
  );
}
