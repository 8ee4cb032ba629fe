import { PaymentsScreen } from '@/features/payments/components/payments-screen';

export function Component() {
  return <PaymentsScreen />;
}
