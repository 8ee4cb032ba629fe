// The member join site's screens (spec section 2, register host). The first two are open; the rest need
// a signed-in member and sit under 'authenticated', behind the session guard (sign-in, the two-factor
// code, staff users to the back office). A signed-in member opening the register screen is sent on to
// their next step (welcome, photo, payment method, confirm).
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootErrorBoundary, RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { PageShell } from '@/components/layouts/page-shell';
import { PageLoader } from '@/components/ui/page-loader';
import { route } from '@/config/paths';
import { RootRoute } from '../root-route';
import { handleAt } from '../route-handle';
import { notFoundPage, page, routeNameAt } from '../route-table';
import { routerOptions } from '../router-context';
import { sessionGuard } from '../session-middleware';
import { redirectOnSessionErrors } from '../session-redirects';

const open = { auth: false, layout: false };
// The join site has no back-office layout.
const signedIn = { auth: true, layout: false };

const guard = sessionGuard({ host: 'member', handleAt: (pathname) => handleAt(memberRoutes, pathname) });

export const memberRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootRoute,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: PageLoader,
    children: [
      {
        id: 'public',
        Component: PageShell,
        ErrorBoundary: RouteErrorBoundary,
        children: [
          page('register', 'Join your gym', { ...open, guestOnly: true }, () => import('./routes/register')),
          page(
            'register.verification-code',
            'Check your email',
            open,
            () => import('./routes/verification-code'),
          ),
          notFoundPage(),
        ],
      },
      {
        id: 'authenticated',
        middleware: [guard],
        Component: PageShell,
        ErrorBoundary: RouteErrorBoundary,
        children: [
          page('register.take-photo', 'Add your photo', signedIn, () => import('./routes/take-photo')),
          page(
            'register.choose-payment-method',
            'Choose how to pay',
            signedIn,
            () => import('./routes/choose-payment-method'),
          ),
          page(
            'register.connect-akahu',
            'Connect your bank account',
            signedIn,
            () => import('./routes/connect-akahu'),
          ),
          page('register.card-details', 'Card details', signedIn, () => import('./routes/card-details')),
          page(
            'register.bank-account-connected',
            'Bank account connected',
            signedIn,
            () => import('./routes/bank-account-connected'),
          ),
          page(
            'register.card-connected',
            'Card connected',
            signedIn,
            () => import('./routes/card-connected'),
          ),
          page(
            'register.confirm-subscription',
            'Confirm your membership',
            signedIn,
            () => import('./routes/confirm-subscription'),
          ),
          page(
            'register.welcome-to-gym',
            'Welcome to the gym',
            signedIn,
            () => import('./routes/welcome-to-gym'),
          ),
        ],
      },
    ],
  },
];

export function createMemberRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(memberRoutes, routerOptions(queryClient));
  redirectOnSessionErrors(router, {
    signIn: (redirectTo) => route('register', null, { redirect: redirectTo }),
    twoFactor: route('register.verification-code', null, { twoFactorAuth: true }),
  });
  return router;
}

export const memberRouteNameAt = (pathname: string) => routeNameAt(memberRoutes, pathname);
