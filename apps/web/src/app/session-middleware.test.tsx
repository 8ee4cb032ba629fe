import '@/testing/browser-apis';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GUEST_FLAG_KEY } from '@/lib/session/guest-flag';
import { mockApi, unauthenticated } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { gymAdmin, organisationAdmin } from '@/testing/users';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const at = (router: ReturnType<typeof renderSite>['router']) =>
  router.state.location.pathname + router.state.location.search;

describe('the session guard in the staff site', () => {
  it('sends a signed-out visitor to sign-in with the way back, and marks the browser a guest', async () => {
    mockApi({ 'GET /api/me': unauthenticated });
    const { router } = renderSite('staff', '/offerings');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(at(router)).toBe('/login?redirect=%2Fofferings');
    expect(localStorage.getItem(GUEST_FLAG_KEY)).toBe('isGuest');
  });

  it('sends a session owing its code to the code screen', async () => {
    mockApi({
      'GET /api/me': {
        status: 400,
        body: { message: 'Enter the code', error: 'not_two_factor_authenticated' },
      },
    });
    const { router } = renderSite('staff', '/visits');
    expect(await screen.findByRole('heading', { name: 'Enter your sign-in code' })).toBeTruthy();
    expect(at(router)).toBe('/two-factor-authentication?redirect=%2Fvisits');
  });

  it('sends a failed session load to sign-in', async () => {
    mockApi({ 'GET /api/me': { status: 200, body: { data: { id: 'not a user' } } } });
    const { router } = renderSite('staff', '/members');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(at(router)).toBe('/login?redirect=%2Fmembers');
  });

  it('loads the user once and keeps organisation settings from non-admins', async () => {
    const { callsTo } = mockApi({ 'GET /api/me': { body: { data: gymAdmin } } });
    const { router } = renderSite('staff', '/offerings');
    expect(await screen.findByRole('heading', { name: 'Offerings' })).toBeTruthy();
    await act(() => router.navigate('/organisation/settings'));
    expect(await screen.findByRole('heading', { name: 'Kia ora, Tama' })).toBeTruthy();
    expect(at(router)).toBe('/dashboard');
    expect(callsTo('GET /api/me')).toHaveLength(1);
    expect(localStorage.getItem(GUEST_FLAG_KEY)).toBe('isNotGuest');
  });

  it('shows organisation settings to organisation admins', async () => {
    mockApi({ 'GET /api/me': { body: { data: organisationAdmin } } });
    const { router } = renderSite('staff', '/organisation/settings');
    expect(await screen.findByRole('heading', { name: 'Organisation settings' })).toBeTruthy();
    expect(at(router)).toBe('/organisation/settings');
  });

  it('sends a signed-in user from sign-in to the dashboard', async () => {
    localStorage.setItem(GUEST_FLAG_KEY, 'isNotGuest');
    mockApi({ 'GET /api/me': { body: { data: gymAdmin } } });
    const { router } = renderSite('staff', '/login');
    expect(await screen.findByRole('heading', { name: 'Kia ora, Tama' })).toBeTruthy();
    expect(at(router)).toBe('/dashboard');
  });

  it('does not ask the server on sign-in when the browser is known as a guest', async () => {
    localStorage.setItem(GUEST_FLAG_KEY, 'isGuest');
    const { fetchMock } = mockApi({});
    renderSite('staff', '/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats a failed check on sign-in as nobody signed in', async () => {
    localStorage.setItem(GUEST_FLAG_KEY, 'isNotGuest');
    mockApi({ 'GET /api/me': unauthenticated });
    const { router } = renderSite('staff', '/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(GUEST_FLAG_KEY)).toBe('isGuest'));
    expect(at(router)).toBe('/forgot-password');
  });
});
