import { Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { route } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { TwoFactorForm } from '@/features/auth/components/two-factor-form';
import { afterSignIn } from '@/features/auth/lib/redirect-target';
import { isApiError } from '@/lib/api-error';
import { useMe } from '@/lib/session/me';

/**
 * The code screen is only for a session waiting for its code: someone fully signed in (or without two-
 * factor sign-in) goes on to where they were going, and someone not signed in to the sign-in screen.
 */
export function Component() {
  const me = useMe();
  const [params] = useSearchParams();
  if (me.isPending) return <PageLoader />;
  if (me.isSuccess) return <Navigate to={afterSignIn(params.get('redirect'))} replace />;
  if (isApiError(me.error) && me.error.status === 401) return <Navigate to={route('login')} replace />;
  return (
    <AuthCard
      title="Enter your sign-in code"
      intro="We emailed you a six-digit code. It works for 10 minutes."
    >
      <TwoFactorForm />
    </AuthCard>
  );
}
