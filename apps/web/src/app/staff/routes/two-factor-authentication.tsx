import { AuthCard } from '@/features/auth/components/auth-card';
import { TwoFactorForm } from '@/features/auth/components/two-factor-form';

export function Component() {
  return (
    <AuthCard
      title="Enter your sign-in code"
      intro="We emailed you a six-digit code. It works for 10 minutes."
    >
      <TwoFactorForm />
    </AuthCard>
  );
}
