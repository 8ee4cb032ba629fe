import { VisitsScreen } from '@/features/visits/components/visits-screen';

export function Component() {
  return <VisitsScreen />;
}
