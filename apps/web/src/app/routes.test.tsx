import '@/testing/browser-apis';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Host, type RouteName, routeHost, routes } from '@/config/paths';
import { renderSite } from '@/testing/render-site';
import { memberRouteNameAt, memberRoutes } from './member/router';
import type { RouteHandle } from './route-handle';
import { staffRouteNameAt, staffRoutes } from './staff/router';

/** Every named route of a table, with the id of the layout route it sits under. */
function namedRoutes(table: RouteObject[], group = ''): { handle: RouteHandle; group: string }[] {
  return table.flatMap((r) => [
    ...(r.handle?.name ? [{ handle: r.handle as RouteHandle, group }] : []),
    ...namedRoutes(r.children ?? [], r.id && r.id !== 'root' ? r.id : group),
  ]);
}

const namesOf = (host: Host) => (Object.keys(routes) as RouteName[]).filter((n) => routeHost(n) === host);

describe.each([
  ['staff', staffRoutes],
  ['member', memberRoutes],
] as const)('the %s route table', (host, table) => {
  const named = namedRoutes(table);

  it('has each page of its site exactly once, and none of the other site', () => {
    const names = named.map((r) => r.handle.name).sort();
    const expected = namesOf(host).filter((n) => n !== 'home');
    expect(names).toEqual([...expected].sort());
  });

  it('puts signed-in pages under the authenticated route and the rest under public', () => {
    for (const { handle, group } of named) expect(group).toBe(handle.auth ? 'authenticated' : 'public');
  });
});

describe('route names at addresses', () => {
  it('names the matched route', () => {
    expect(staffRouteNameAt('/members/42')).toBe('members.show');
    expect(staffRouteNameAt('/members/create')).toBe('members.create');
    expect(staffRouteNameAt('/members/change-price')).toBe('members.change-price.index');
    expect(staffRouteNameAt('/nowhere')).toBeUndefined();
    expect(memberRouteNameAt('/take-photo')).toBe('register.take-photo');
  });
});

describe('screens', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('sends / on the staff site to sign-in', async () => {
    const { router } = renderSite('staff', '/');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('Sign in · Gym Membership'));
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('answers unknown addresses with a 404 page', async () => {
    renderSite('member', '/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    // The title follows the screen in an effect, a moment after the heading shows.
    await waitFor(() => expect(document.title).toBe('Page not found · Gym Membership'));
  });

  it('links the join site to the legal pages on the staff site', async () => {
    renderSite('member', '/');
    await screen.findByRole('heading', { name: 'Join your gym' });
    const link = screen.getByRole('link', { name: 'Privacy policy' });
    expect(link.getAttribute('href')).toBe('http://localhost:3000/legal/privacy-policy');
  });

  it('shows the privacy policy and the contact details', async () => {
    renderSite('staff', '/legal/privacy-policy');
    expect(await screen.findByRole('heading', { name: 'Privacy policy', level: 1 })).toBeTruthy();
    expect(screen.getByText(/Privacy Act 2020/)).toBeTruthy();
    cleanup();
    renderSite('staff', '/contact-us');
    expect(await screen.findByRole('heading', { name: 'Contact us', level: 1 })).toBeTruthy();
    expect(screen.getByRole('table', { name: /Support hours/ })).toBeTruthy();
  });
});
