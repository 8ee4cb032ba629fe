import { AuthCard } from '@/features/auth/components/auth-card';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';

export function Component() {
  return (
    <AuthCard title="Reset your password">
      <NewPasswordForm kind="reset" />
    </AuthCard>
  );
}
