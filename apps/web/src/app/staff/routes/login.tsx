import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';

export function Component() {
  return (
    <AuthCard title="Sign in">
      <LoginForm />
    </AuthCard>
  );
}
