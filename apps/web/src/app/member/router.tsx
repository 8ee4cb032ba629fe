// The member join site's screens (spec section 2, register host). The first two are open; the rest need
// a signed-in member and sit under 'authenticated', behind the session guard (sign-in, the two-factor
// code, staff users to the back office). The guard runs before the open group too: a signed-in member
// opening the register screen is sent on to their next step (photo, payment method, confirm) or, once
// joined, to their account, which the joining steps then send them back to (issue 25, item 3).
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
// The join form is the site's first screen: bundled with its first script, not fetched after it.
import * as registerScreen from './routes/register';

const open = { auth: false, layout: false };
// The join site has no back-office layout.
const signedIn = { auth: true, layout: false };
// The member's own account: only once they have joined (the guard sends others to their next step).
const account = { ...signedIn, joined: true };

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
        middleware: [guard],
        Component: PageShell,
        ErrorBoundary: RouteErrorBoundary,
        children: [
          page('register', 'Join your gym', { ...open, guestOnly: true }, async () => registerScreen),
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
            { ...signedIn, joinStep: true },
            () => import('./routes/confirm-subscription'),
          ),
          page(
            'register.welcome-to-gym',
            'Welcome to the gym',
            signedIn,
            () => import('./routes/welcome-to-gym'),
          ),
          page('account', 'My membership', account, () => import('./routes/account')),
          page('account.pay', 'Pay what is owed', account, () => import('./routes/account-pay')),
          page(
            'account.payments',
            'Payments and receipts',
            account,
            () => import('./routes/account-payments'),
          ),
          page('account.receipt', 'Receipt', account, () => import('./routes/account-receipt')),
          page(
            'account.payment-method',
            'How you pay',
            account,
            () => import('./routes/account-payment-method'),
          ),
          page('account.pause', 'Pause your membership', account, () => import('./routes/account-pause')),
          page('account.cancel', 'Cancel your membership', account, () => import('./routes/account-cancel')),
          page('account.details', 'My details', account, () => import('./routes/account-details')),
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
