// /members/{id}: the member's profile (features/members). The membership card has a slot for the
// subscription actions, which are another feature's: pass them to MemberShowLayout as `actions`.
import { useParams } from 'react-router';
import { type MemberActions, MemberProfile } from '@/features/members/components/member-profile';

/** The profile page with the subscription actions slot: `actions` renders on the membership card. */
export function MemberShowLayout({ actions }: { actions?: MemberActions }) {
  const id = Number(useParams().id);
  return <MemberProfile key={id} memberId={id} actions={actions} />;
}

export function Component() {
  // Subscription actions slot: e.g. actions={(member) => <SubscriptionActions member={member} />}.
  return <MemberShowLayout />;
}
