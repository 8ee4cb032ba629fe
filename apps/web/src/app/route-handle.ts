// What each route says about itself, for the guards and the layout to read (spec section 2, "Guard
// behaviour"): its name, its title, and whether it needs a signed-in user and the main layout.
import { matchRoutes, type RouteObject, useMatches } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { type RouteName, routePath } from '@/config/paths';

export interface RouteHandle {
  /** Route name from config/paths; absent only for the not-found page. */
  name?: RouteName;
  /** Page title, also the document title. */
  title: string;
  /** Needs a signed-in user (staff on the staff site, a member on the join site). */
  auth: boolean;
  /** Shown in the main layout (sidebar, top bar) when signed in. */
  layout: boolean;
  /** Only for guests: a signed-in user is sent on (e.g. /login → dashboard). */
  guestOnly?: boolean;
  /** Organisation admins only; others go to the dashboard. */
  organisationAdmin?: boolean;
}

type LazyRoute = NonNullable<RouteObject['lazy']>;

/** Every screen not built yet shares one honest placeholder, titled from the handle. */
const notBuiltYet: LazyRoute = () => import('./routes/not-built-yet');

/**
 * A named screen. Its path comes from config/paths, its code from its own lazily loaded module. A
 * screen that fails shows the error inside its site's frame (sidebar and all), not instead of it.
 */
export function page(
  name: RouteName,
  title: string,
  flags: Omit<RouteHandle, 'name' | 'title'>,
  lazy: LazyRoute = notBuiltYet,
): RouteObject {
  const handle: RouteHandle = { name, title, ...flags };
  return { path: routePath(name), handle, lazy, ErrorBoundary: RouteErrorBoundary };
}

export const notFoundPage = (): RouteObject => ({
  path: '*',
  handle: { title: 'Page not found', auth: false, layout: false } satisfies RouteHandle,
  lazy: () => import('./routes/not-found'),
});

/** The handle of the deepest matched route that has one. */
export function deepestHandle(handles: readonly unknown[]): RouteHandle | undefined {
  return handles.findLast((handle) => handle !== undefined) as RouteHandle | undefined;
}

export function useRouteHandle(): RouteHandle | undefined {
  return deepestHandle(useMatches().map((match) => match.handle));
}

/** The handle of the screen at an address, as the guard sees it before the screen loads. */
export function handleAt(routes: RouteObject[], pathname: string): RouteHandle | undefined {
  return deepestHandle((matchRoutes(routes, pathname) ?? []).map((match) => match.route.handle));
}

/** The route name at an address, e.g. for naming traces: '/members/42' → 'members.show'. */
export function routeNameAt(routes: RouteObject[], pathname: string): string | undefined {
  return handleAt(routes, pathname)?.name;
}
