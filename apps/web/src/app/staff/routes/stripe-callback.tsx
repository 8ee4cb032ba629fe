import { StripeCallbackScreen } from '@/features/stripe-connect/components/stripe-callback-screen';

export function Component() {
  return <StripeCallbackScreen />;
}
