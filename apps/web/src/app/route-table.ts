// The route table's building blocks: a named screen with its handle and lazily loaded code, the
// not-found page, and route names by address.
import type { RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { type RouteName, routePath } from '@/config/paths';
import { handleAt, type RouteHandle } from './route-handle';
import * as notFoundScreen from './routes/not-found';

type LazyRoute = NonNullable<RouteObject['lazy']>;

/**
 * A named screen. Its path comes from config/paths, its code from its own lazily loaded module. A
 * screen that fails shows the error inside its site's frame (sidebar and all), not instead of it.
 */
export function page(
  name: RouteName,
  title: string,
  flags: Omit<RouteHandle, 'name' | 'title'>,
  lazy: LazyRoute,
): RouteObject {
  const handle: RouteHandle = { name, title, ...flags };
  return { path: routePath(name), handle, lazy, ErrorBoundary: RouteErrorBoundary };
}

export const notFoundPage = (): RouteObject => ({
  path: '*',
  handle: { title: 'Page not found', auth: false, layout: false } satisfies RouteHandle,
  // Tiny, and the router may need it for any address: with the first script, not fetched after it.
  lazy: async () => notFoundScreen,
});

/** The route name at an address, e.g. for naming traces: '/members/42' → 'members.show'. */
export function routeNameAt(routes: RouteObject[], pathname: string): string | undefined {
  return handleAt(routes, pathname)?.name;
}
