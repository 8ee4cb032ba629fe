import { OfferingView } from '@/features/offerings/components/offering-view';

export function Component() {
  return <OfferingView />;
}
