// Links to named pages. A page of this site is a router link; a page of the other site (staff back
// office ↔ member join site) is a full address.
import { Anchor, type AnchorProps } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';
import { Link } from 'react-router';
import {
  type Host,
  type Query,
  type RouteArgs,
  type RouteName,
  route,
  routeHost,
  routeUrl,
} from '@/config/paths';

const SiteHostContext = createContext<Host>('staff');

export const SiteHostProvider = SiteHostContext.Provider;

/** Which site this page is: 'staff' (back office) or 'member' (join site). */
export const useSiteHost = (): Host => useContext(SiteHostContext);

type RouteLinkProps<N extends RouteName> = AnchorProps & {
  to: N;
  params?: RouteArgs<N>[0];
  query?: Query;
  children: ReactNode;
};

export function RouteLink<N extends RouteName>({
  to,
  params,
  query,
  children,
  ...anchor
}: RouteLinkProps<N>) {
  const host = useSiteHost();
  const args = [params, query] as RouteArgs<N>;
  if (routeHost(to) !== host) {
    return (
      <Anchor href={routeUrl(to, ...args)} {...anchor}>
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={route(to, ...args)} {...anchor}>
      {children}
    </Anchor>
  );
}
