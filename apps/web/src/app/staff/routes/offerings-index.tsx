import { OfferingsList } from '@/features/offerings/components/offerings-list';

export function Component() {
  return <OfferingsList />;
}
