import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export function Component() {
  return (
    <AuthCard title="Forgot your password?" intro="We will email you a link to choose a new one.">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
