import { JoinCard } from '@/features/join/components/join-card';
import { JoinStart } from '@/features/join/components/join-start';

export function Component() {
  return (
    <JoinCard title="Join your gym">
      <JoinStart />
    </JoinCard>
  );
}
