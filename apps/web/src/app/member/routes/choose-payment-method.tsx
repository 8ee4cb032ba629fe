import { JoinCard } from '@/features/join/components/join-card';
import { PaymentChoice } from '@/features/join/components/payment-choice';

export function Component() {
  return (
    <JoinCard title="Choose how to pay">
      <PaymentChoice />
    </JoinCard>
  );
}
