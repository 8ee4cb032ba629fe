import { useParams } from 'react-router';
import { MemberActivityCharts } from '@/features/members/components/member-activity-charts';

export function Component() {
  const id = Number(useParams().id);
  return <MemberActivityCharts memberId={id} />;
}
