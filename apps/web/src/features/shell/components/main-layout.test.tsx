import { capitaliseWords } from '@gym/domain/format';
import '@/testing/browser-apis';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/lib/session/me';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { gymAdmin, organisationAdmin, trainer } from '@/testing/users';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function signedInAt(user: Me, path = '/dashboard') {
  const api = mockApi({
    'GET /api/me': { body: { data: user } },
    'POST /api/logout': { body: { message: 'Signed out.' } },
  });
  const site = renderSite('staff', path);
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return { ...api, ...site, nav };
}

/** The footer box as label → value. */
function accessBox(nav: HTMLElement): Record<string, string> {
  const terms = [...nav.querySelectorAll('dt')];
  return Object.fromEntries(
    terms.map((dt) => [String(dt.textContent).replace(/:$/, ''), String(dt.nextElementSibling?.textContent)]),
  );
}

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe('the sidebar menu', () => {
  it('shows organisation admins the Organisation group, which opens and closes', async () => {
    const { nav } = await signedInAt(organisationAdmin);
    expect(linkNames(nav)).toEqual([
      'Dashboard',
      'Members',
      'Payments',
      'Reports',
      'Members at risk',
      'Visits',
      'Check-in',
      'Offerings',
      // Their own name opens their staff page (their settings).
      capitaliseWords(organisationAdmin.name),
    ]);
    const group = within(nav).getByRole('button', { name: 'Organisation' });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() =>
      expect(linkNames(nav)).toEqual([
        'Dashboard',
        'Members',
        'Payments',
        'Reports',
        'Members at risk',
        'Visits',
        'Check-in',
        'Offerings',
        'Staff',
        'Gyms',
        'Settings',
        'Calculate Pro Rata',
        capitaliseWords(organisationAdmin.name),
      ]),
    );
    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('false');
  });

  it.each([
    [
      'gym admins',
      gymAdmin,
      ['Dashboard', 'Members', 'Payments', 'Reports', 'Members at risk', 'Visits', 'Check-in', 'Offerings'],
    ],
    // Payments are for admins (docs/roles.md): the menu offers no screen that would refuse the role.
    ['trainers', trainer, ['Dashboard', 'Members', 'Visits', 'Check-in', 'Offerings']],
  ])('shows %s the everyday entries their role may open', async (_role, user, entries) => {
    const { nav } = await signedInAt(user);
    expect(linkNames(nav)).toEqual(entries);
    expect(within(nav).queryByRole('button', { name: 'Organisation' })).toBeNull();
  });

  it('highlights the current entry, also on the screens below it', async () => {
    const { nav, router } = await signedInAt(trainer, '/members/42');
    expect(within(nav).getByRole('link', { name: 'Members' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    await act(() => router.navigate('/visits'));
    expect(within(nav).getByRole('link', { name: 'Visits' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the Organisation group by itself on one of its screens', async () => {
    const { nav } = await signedInAt(organisationAdmin, '/gyms');
    expect(within(nav).getByRole('button', { name: 'Organisation' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(within(nav).getByRole('link', { name: 'Gyms' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('the sidebar footer', () => {
  it('tells an organisation admin of a multi-gym organisation all four facts', async () => {
    const { nav } = await signedInAt(organisationAdmin);
    expect(accessBox(nav)).toEqual({
      'Organisation Admin': 'Yes',
      'Gym Admin': 'Yes',
      'Gym Admin of > 1 Gym': 'Yes',
      'Org is multi-gym': 'Yes',
    });
  });

  it('tells a gym admin of two gyms', async () => {
    const { nav } = await signedInAt(gymAdmin);
    expect(accessBox(nav)).toEqual({
      'Organisation Admin': 'No',
      'Gym Admin': 'Yes',
      'Gym Admin of > 1 Gym': 'Yes',
      'Org is multi-gym': 'Yes',
    });
  });

  it('says "No" to more than one gym for a gym admin of one gym', async () => {
    const { nav } = await signedInAt({ ...gymAdmin, gyms: gymAdmin.gyms.slice(0, 1) });
    expect(accessBox(nav)['Gym Admin of > 1 Gym']).toBe('No');
  });

  it('leaves the gym admin lines out for a trainer', async () => {
    const { nav } = await signedInAt({
      ...trainer,
      current_organisation: { ...trainer.current_organisation!, multi_gym: false },
    });
    expect(accessBox(nav)).toEqual({ 'Organisation Admin': 'No', 'Org is multi-gym': 'No' });
  });

  it('names the user (each word capitalised) and the organisation', async () => {
    const { nav } = await signedInAt(organisationAdmin);
    expect(within(nav).getByText('Sarah Mitchell')).toBeTruthy();
    // Beside the user's name; the phone's organisation switcher at the menu's top names it too.
    expect(within(nav).getAllByText('Southern Strength').length).toBeGreaterThan(0);
  });
});

describe('the top bar', () => {
  it('offers the organisation and gym switchers only with more than one of each', async () => {
    await signedInAt(organisationAdmin);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('button', { name: /Organisation: Southern Strength/ })).toBeTruthy();
    expect(within(banner).getByRole('button', { name: /Gym: Ponsonby/ })).toBeTruthy();
    cleanup();
    await signedInAt(trainer);
    expect(
      within(screen.getByRole('banner')).queryByRole('button', { name: /Organisation:|Gym:/ }),
    ).toBeNull();
  });

  it('lists the gyms in a dropdown of limited height', async () => {
    await signedInAt(organisationAdmin);
    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: /Gym: Ponsonby/ }));
    // jsdom lays nothing out, so the floating dropdown counts as detached (display: none): look anyway.
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(
      within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(['Ponsonby (current)', 'Te Aro', 'Riccarton']);
    expect(menu.style.maxHeight).toBe('15rem');
  });

  it('signs out and goes to sign-in', async () => {
    const { router, callsTo } = await signedInAt(trainer);
    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(callsTo('POST /api/logout')).toHaveLength(1);
    expect(localStorage.getItem('guest')).toBe('isGuest');
  });
});
