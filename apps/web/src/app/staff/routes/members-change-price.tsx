import { BulkPriceChangeScreen } from '@/features/subscriptions/components/bulk-price-change-screen';

export function Component() {
  return <BulkPriceChangeScreen />;
}
