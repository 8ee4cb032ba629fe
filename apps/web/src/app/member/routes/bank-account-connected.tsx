import { BankAccountConnected } from '@/features/join/components/connect-bank';
import { JoinCard } from '@/features/join/components/join-card';

export function Component() {
  return (
    <JoinCard title="Bank account connected">
      <BankAccountConnected />
    </JoinCard>
  );
}
