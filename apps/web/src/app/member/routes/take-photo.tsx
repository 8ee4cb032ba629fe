import { JoinCard } from '@/features/join/components/join-card';
import { TakePhoto } from '@/features/join/components/take-photo';

export function Component() {
  return (
    <JoinCard title="Add your photo">
      <TakePhoto />
    </JoinCard>
  );
}
