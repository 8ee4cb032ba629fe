import { JoinCard } from '@/features/join/components/join-card';
import { WelcomeToGym } from '@/features/join/components/welcome';

export function Component() {
  return (
    <JoinCard title="Welcome to the gym">
      <WelcomeToGym />
    </JoinCard>
  );
}
