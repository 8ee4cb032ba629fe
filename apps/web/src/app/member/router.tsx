// The member join site's screens (spec section 2, register host). The first two are open; the rest need
// a signed-in member and sit under 'authenticated', behind the session guard (sign-in, the two-factor
// code, staff users to the back office). Sending members on to their next step comes with the join
// screens themselves.
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
          page('register', 'Join your gym', open),
          page('register.verification-code', 'Check your email', open),
          notFoundPage(),
        ],
      },
      {
        id: 'authenticated',
        middleware: [guard],
        Component: PageShell,
        ErrorBoundary: RouteErrorBoundary,
        children: [
          page('register.take-photo', 'Add your photo', signedIn),
          page('register.choose-payment-method', 'Choose how to pay', signedIn),
          page('register.connect-akahu', 'Connect your bank account', signedIn),
          page('register.card-details', 'Card details', signedIn),
          page('register.bank-account-connected', 'Bank account connected', signedIn),
          page('register.card-connected', 'Card connected', signedIn),
          page('register.confirm-subscription', 'Confirm your membership', signedIn),
          page('register.welcome-to-gym', 'Welcome to the gym', signedIn),
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
