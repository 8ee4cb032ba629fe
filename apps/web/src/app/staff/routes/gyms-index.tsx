import { GymsList } from '@/features/gyms/components/gyms-list';

export function Component() {
  return <GymsList />;
}
