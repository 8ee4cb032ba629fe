import { MemberCreateForm } from '@/features/members/components/member-create-form';

export function Component() {
  return <MemberCreateForm />;
}
