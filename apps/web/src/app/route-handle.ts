// What each route says about itself, for the guards and the layout to read (spec section 2, "Guard
// behaviour"): its name, its title, and whether it needs a signed-in user and the main layout.
import { matchRoutes, type RouteObject, useMatches } from 'react-router';
import type { RouteName } from '@/config/paths';

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
  /** Join site: a step of joining; a member who has joined goes to their account instead. */
  joinStep?: boolean;
  /** Join site: the member's account; a member still joining goes to their next step. */
  joined?: boolean;
}

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
