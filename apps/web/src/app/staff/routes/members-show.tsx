// /members/{id}: the member's profile (features/members). The membership card has a slot for the
// subscription actions, which are another feature's: pass them to MemberShowLayout as `actions`.
import { useParams } from 'react-router';
import { type MemberActions, MemberProfile } from '@/features/members/components/member-profile';
import { SubscriptionActionsPanel } from '@/features/subscriptions/components/subscription-actions-panel';

/** The profile page with the subscription actions slot: `actions` renders on the membership card. */
export function MemberShowLayout({ actions }: { actions?: MemberActions }) {
  const id = Number(useParams().id);
  return <MemberProfile key={id} memberId={id} actions={actions} />;
}

export function Component() {
  return (
    <MemberShowLayout
      actions={(member) =>
        member.latest_subscription ? (
          <SubscriptionActionsPanel subscriptionId={member.latest_subscription.id} />
        ) : null
      }
    />
  );
}
