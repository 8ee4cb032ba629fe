import '@/testing/browser-apis';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { organisationAdmin } from '@/testing/users';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const LINK = '?token=abc123&email=ana%40example.co.nz';
const SAME = 'If that email address has an account, we have sent it a link to reset the password.';

async function choose(password: string, repeat: string, form = 'Reset password') {
  fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Repeat the new password/), { target: { value: repeat } });
  fireEvent.submit(screen.getByRole('form', { name: form }));
}

describe('forgot password', () => {
  it('always shows the same confirmation', async () => {
    const { callsTo } = mockApi({ 'POST /api/forgot-password': { body: { message: SAME } } });
    renderSite('staff', '/forgot-password');
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'nobody@example.co.nz' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Reset your password' }));
    expect((await screen.findByRole('status')).textContent).toContain(SAME);
    expect(callsTo('POST /api/forgot-password')).toEqual([{ email: 'nobody@example.co.nz' }]);
  });
});

describe('choosing a new password from a link', () => {
  it('asks for both fields, the same twice', async () => {
    const { fetchMock } = mockApi({});
    renderSite('staff', `/reset-password${LINK}`);
    await choose('', '');
    expect(await screen.findAllByText('Value is required')).toHaveLength(2);
    await choose('correct horse battery', 'correct horse batteries');
    expect(await screen.findByText('The value must be equal to the password value')).toBeTruthy();
    // A short password is flagged even when the repeat differs too.
    await choose('short', 'shorter');
    expect(await screen.findByText('The password must be at least 10 characters.')).toBeTruthy();
    expect(screen.getByText('The value must be equal to the password value')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the link's token and email, then goes to sign-in with a notice", async () => {
    const message = 'Your password has been reset. Sign in with your new password.';
    const { callsTo } = mockApi({ 'POST /api/reset-password': { body: { message } } });
    const { router } = renderSite('staff', `/reset-password${LINK}`);
    await choose('correct horse battery', 'correct horse battery');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(callsTo('POST /api/reset-password')).toEqual([
      {
        password: 'correct horse battery',
        password_confirmation: 'correct horse battery',
        token: 'abc123',
        email: 'ana@example.co.nz',
      },
    ]);
  });

  it("shows the server's field messages and the link's own problem", async () => {
    mockApi({
      'POST /api/set-password': {
        status: 422,
        body: {
          message: 'Invalid',
          errors: {
            password: ['This password is too common. Choose another.'],
            token: ['This invitation link is invalid or has expired. Ask for a new one.'],
          },
        },
      },
    });
    renderSite('staff', `/set-password${LINK}`);
    await choose('password123', 'password123', 'Set your password');
    expect(await screen.findByText('This password is too common. Choose another.')).toBeTruthy();
    expect(await screen.findByText(/This invitation link is invalid or has expired/)).toBeTruthy();
  });

  it('says so when the link lacks its token', async () => {
    mockApi({});
    renderSite('staff', '/reset-password?email=ana%40example.co.nz');
    expect(await screen.findByText('This link is incomplete')).toBeTruthy();
  });
});

describe('accepting a staff invitation from its link', () => {
  it('accepts with one click and ends signed in, on the dashboard', async () => {
    let accepted = false;
    const { callsTo } = mockApi({
      'GET /api/me': () =>
        accepted
          ? { body: { data: organisationAdmin } }
          : { status: 401, body: { message: 'Unauthenticated.', error: 'unauthenticated' } },
      'POST /api/accept-invitation': () => {
        accepted = true;
        return { body: { message: 'The invitation is accepted and you are signed in.', signed_in: true } };
      },
    });
    const { router } = renderSite('staff', `/accept-invitation${LINK}`);
    expect(await screen.findByText('ana@example.co.nz')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    // The dashboard's code loads lazily: give it time.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 8000 });
    expect(callsTo('POST /api/accept-invitation')).toEqual([{ token: 'abc123', email: 'ana@example.co.nz' }]);
  });

  it('sends an account still without a password to its invitation email', async () => {
    mockApi({
      'GET /api/me': { status: 401, body: { message: 'Unauthenticated.', error: 'unauthenticated' } },
      'POST /api/accept-invitation': {
        body: {
          message: 'The invitation is accepted. Set your password from the invitation email to sign in.',
          signed_in: false,
        },
      },
    });
    renderSite('staff', `/accept-invitation${LINK}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect((await screen.findByRole('status')).textContent).toContain('Set your password');
    expect(screen.getByRole('link', { name: 'Continue' })).toBeTruthy();
  });

  it('says why when the link no longer works', async () => {
    mockApi({
      'GET /api/me': { status: 401, body: { message: 'Unauthenticated.', error: 'unauthenticated' } },
      'POST /api/accept-invitation': {
        status: 422,
        body: {
          message: 'invalid',
          error: 'validation_failed',
          errors: { token: ['This invitation link is invalid or has expired. Ask for a new one.'] },
        },
      },
    });
    renderSite('staff', `/accept-invitation${LINK}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This invitation link is invalid or has expired. Ask for a new one.',
    );
  });
});
