import { GymEdit } from '@/features/gyms/components/gym-edit';

export function Component() {
  return <GymEdit />;
}
