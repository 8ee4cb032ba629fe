import { AcceptInvitation } from '@/features/auth/components/accept-invitation';
import { AuthCard } from '@/features/auth/components/auth-card';

export function Component() {
  return (
    <AuthCard title="Join as staff" intro="You have been invited to work at another organisation.">
      <AcceptInvitation />
    </AuthCard>
  );
}
