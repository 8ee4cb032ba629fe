import { JoinCard } from '@/features/join/components/join-card';
import { VerificationCode } from '@/features/join/components/verification-code';

export function Component() {
  return (
    <JoinCard title="Check your email">
      <VerificationCode />
    </JoinCard>
  );
}
