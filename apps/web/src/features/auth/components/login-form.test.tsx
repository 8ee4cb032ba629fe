import '@/testing/browser-apis';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GUEST_FLAG_KEY } from '@/lib/session/guest-flag';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { trainer } from '@/testing/users';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const WRONG = 'These credentials do not match our records.';

async function fillIn(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));
}

describe('signing in', () => {
  it('checks the fields before asking the server', async () => {
    const { fetchMock } = mockApi({});
    renderSite('staff', '/login');
    await fillIn('  ', '');
    expect(await screen.findAllByText('Value is required')).toHaveLength(2);
    await fillIn('not-an-email', 'x');
    expect(await screen.findByText('Value is not a valid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message under the email for wrong details", async () => {
    mockApi({
      'POST /api/login': {
        status: 422,
        body: { message: WRONG, error: 'validation_failed', errors: { email: [WRONG] } },
      },
    });
    renderSite('staff', '/login');
    await fillIn('sarah@example.co.nz', 'wrong-password');
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(
      email.getAttribute('aria-describedby')?.split(' ').find(Boolean) ?? '',
    );
    expect(screen.getByText(WRONG)).toBeTruthy();
    expect(described?.textContent).toBe(WRONG);
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
  });

  it('shows the message of too many attempts', async () => {
    const message = 'Too many attempts. Please try again in 15 minutes.';
    mockApi({ 'POST /api/login': { status: 429, body: { message, error: 'rate_limited' } } });
    renderSite('staff', '/login');
    await fillIn('sarah@example.co.nz', 'whatever-it-is');
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it('goes back to the page asked for, and remembers the browser is signed in', async () => {
    const { callsTo } = mockApi({
      'POST /api/login': { body: { data: trainer, two_factor_required: false } },
      'GET /api/me': { body: { data: trainer } },
    });
    const { router } = renderSite('staff', '/login?redirect=%2Fofferings');
    await fillIn('liam@example.co.nz', 'demo-gym-2026');
    expect(await screen.findByRole('heading', { name: 'Offerings' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/offerings');
    expect(callsTo('POST /api/login')).toEqual([{ email: 'liam@example.co.nz', password: 'demo-gym-2026' }]);
    // The answer carried the user: no second call for it.
    expect(callsTo('GET /api/me')).toHaveLength(0);
    expect(localStorage.getItem(GUEST_FLAG_KEY)).toBe('isNotGuest');
  });

  it('goes to the dashboard when the way back leads off the site', async () => {
    mockApi({ 'POST /api/login': { body: { data: trainer, two_factor_required: false } } });
    const { router } = renderSite('staff', '/login?redirect=https%3A%2F%2Fevil.example%2F');
    await fillIn('liam@example.co.nz', 'demo-gym-2026');
    expect(await screen.findByRole('heading', { name: 'Kia ora, Liam' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('asks for the emailed code first when two-factor is on, keeping the way back', async () => {
    mockApi({ 'POST /api/login': { body: { data: null, two_factor_required: true } } });
    const { router } = renderSite('staff', '/login?redirect=%2Fvisits');
    await fillIn('priya@example.co.nz', 'demo-gym-2026');
    expect(await screen.findByRole('heading', { name: 'Enter your sign-in code' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/two-factor-authentication?redirect=%2Fvisits',
    );
    // The code was just sent: asking for another waits out the cool-down.
    expect(screen.getByRole('button', { name: 'Send a new code' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/You can ask for a new code in \d+ s/)).toBeTruthy();
  });

  it('links to the forgotten password screen', async () => {
    mockApi({});
    renderSite('staff', '/login');
    expect((await screen.findByRole('link', { name: 'Forgot your password?' })).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});
