import { MembersScreen } from '@/features/members/components/members-screen';

export function Component() {
  return <MembersScreen />;
}
