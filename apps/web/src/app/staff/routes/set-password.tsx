import { AuthCard } from '@/features/auth/components/auth-card';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';

export function Component() {
  return (
    <AuthCard
      title="Set your password"
      intro="Welcome aboard. Choose a password to finish joining your team."
    >
      <NewPasswordForm kind="invitation" />
    </AuthCard>
  );
}
