import { ExpectedPaymentsScreen } from '@/features/expected-payments/components/expected-payments-screen';

export function Component() {
  return <ExpectedPaymentsScreen />;
}
