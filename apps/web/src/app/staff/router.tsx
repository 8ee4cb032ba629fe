// The staff back office's screens (spec section 2, staff host). Signed-in screens sit under the
// 'authenticated' route, in the main layout (sidebar, top bar); the session guard runs before every
// screen of both groups (sign-in for signed-in screens, away from sign-in for signed-in users).
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
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
// The sign-in screen is most visitors' first: bundled with the site's first script, not fetched after it.
import * as loginScreen from './routes/login';

const guest = { auth: false, layout: false, guestOnly: true };
const open = { auth: false, layout: false };
const signedIn = { auth: true, layout: true };

const guard = sessionGuard({ host: 'staff', handleAt: (pathname) => handleAt(staffRoutes, pathname) });

export const staffRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootRoute,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: PageLoader,
    children: [
      // The loader redirects before anything renders; the component only keeps the router from warning.
      { index: true, loader: () => redirect(route('login')), Component: PageLoader },
      {
        id: 'public',
        middleware: [guard],
        Component: PageShell,
        ErrorBoundary: RouteErrorBoundary,
        children: [
          page('login', 'Sign in', guest, async () => loginScreen),
          page('forgot-password', 'Forgot password', guest, () => import('./routes/forgot-password')),
          page('set-password', 'Set your password', guest, () => import('./routes/set-password')),
          page('reset-password', 'Reset password', guest, () => import('./routes/reset-password')),
          page('accept-invitation', 'Join as staff', open, () => import('./routes/accept-invitation')),
          page(
            'two-factor-authentication',
            'Enter your sign-in code',
            open,
            () => import('./routes/two-factor-authentication'),
          ),
          page('legal.privacy-policy', 'Privacy policy', open, () => import('./routes/privacy-policy')),
          page('contact-us', 'Contact us', open, () => import('./routes/contact-us')),
          notFoundPage(),
        ],
      },
      {
        id: 'authenticated',
        middleware: [guard],
        // The main layout's code (sidebar, switchers, search) loads only once someone is signed in.
        lazy: () => import('./signed-in-frame'),
        ErrorBoundary: RouteErrorBoundary,
        children: [
          page('dashboard', 'Dashboard', signedIn, () => import('./routes/dashboard')),
          page('members.index', 'Members', signedIn, () => import('./routes/members-index')),
          page('members.create', 'Add a member', signedIn, () => import('./routes/members-create')),
          page(
            'members.change-price.index',
            'Change prices',
            signedIn,
            () => import('./routes/members-change-price'),
          ),
          page('members.show', 'Member', signedIn, () => import('./routes/members-show')),
          page('members.activity', 'Member activity', signedIn, () => import('./routes/members-activity')),
          page('payments.index', 'Payments', signedIn, () => import('./routes/payments-index')),
          page('visits.index', 'Visits', signedIn, () => import('./routes/visits-index')),
          page('reports', 'Reports', signedIn, () => import('./routes/reports')),
          page('reports.at-risk', 'Members at risk', signedIn, () => import('./routes/reports-at-risk')),
          page('check-in', 'Check-in', signedIn, () => import('./routes/check-in')),
          page('offerings.index', 'Offerings', signedIn, () => import('./routes/offerings-index')),
          page('offerings.create', 'New offering', signedIn, () => import('./routes/offerings-create')),
          page('offerings.show', 'Offering', signedIn, () => import('./routes/offerings-show')),
          page('offerings.edit', 'Edit offering', signedIn, () => import('./routes/offerings-edit')),
          page('staff.index', 'Staff', signedIn, () => import('./routes/staff-index')),
          page('staff.show', 'Staff member', signedIn, () => import('./routes/staff-show')),
          page('gyms.index', 'Gyms', signedIn, () => import('./routes/gyms-index')),
          page('gyms.show', 'Gym', signedIn, () => import('./routes/gyms-show')),
          page('gyms.edit', 'Edit gym', signedIn, () => import('./routes/gyms-edit')),
          page(
            'organisation.settings',
            'Organisation settings',
            { ...signedIn, organisationAdmin: true },
            () => import('./routes/organisation-settings'),
          ),
          page(
            'calculate-pro-rata',
            'Calculate pro rata',
            signedIn,
            () => import('./routes/calculate-pro-rata'),
          ),
          page(
            'webhooks',
            'Webhooks',
            { ...signedIn, organisationAdmin: true },
            () => import('./routes/webhooks'),
          ),
          page(
            'webhook-calls',
            'Webhook calls',
            { ...signedIn, organisationAdmin: true },
            () => import('./routes/webhook-calls'),
          ),
          page(
            'active-user-debugging',
            'Active user debugging',
            { ...signedIn, organisationAdmin: true },
            () => import('./routes/active-user-debugging'),
          ),
          page(
            'expected-payments-debugging',
            'Expected payments',
            { ...signedIn, organisationAdmin: true },
            () => import('./routes/expected-payments-debugging'),
          ),
          page(
            'stripe.callback',
            'Connecting your card payment account',
            signedIn,
            () => import('./routes/stripe-callback'),
          ),
        ],
      },
    ],
  },
];

export function createStaffRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(staffRoutes, routerOptions(queryClient));
  redirectOnSessionErrors(router, {
    signIn: (redirectTo) => route('login', null, { redirect: redirectTo }),
    twoFactor: route('two-factor-authentication'),
  });
  return router;
}

export const staffRouteNameAt = (pathname: string) => routeNameAt(staffRoutes, pathname);
