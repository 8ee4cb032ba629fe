import '@/testing/browser-apis';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { organisationAdmin } from '@/testing/users';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const enterCode = async (code: string) =>
  fireEvent.change(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }), { target: { value: code } });

const WAITING_FOR_CODE = {
  message: 'Enter the code we emailed you.',
  error: 'not_two_factor_authenticated',
};

describe('the sign-in code screen', () => {
  it('offers the code box with one-time-code autofill', async () => {
    mockApi({});
    renderSite('staff', '/two-factor-authentication');
    const first = await screen.findByRole('textbox', { name: 'Digit 1 of 6' });
    expect(first.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getAllByRole('textbox', { name: /Digit \d of 6/ })).toHaveLength(6);
  });

  it('verifies a complete code and goes on to the way back', async () => {
    let verified = false;
    const { callsTo } = mockApi({
      'POST /api/email/verify': () => {
        verified = true;
        return { body: { message: 'Verified.' } };
      },
      'GET /api/me': () =>
        verified ? { body: { data: organisationAdmin } } : { status: 403, body: WAITING_FOR_CODE },
    });
    const { router } = renderSite('staff', '/two-factor-authentication?redirect=%2Fgyms');
    await enterCode('123456');
    expect(await screen.findByRole('heading', { name: 'Gyms' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/gyms');
    expect(callsTo('POST /api/email/verify')).toEqual([{ code: '123456' }]);
  });

  it("shows the server's message for a wrong code", async () => {
    const message = 'The code is incorrect. 4 attempts left.';
    mockApi({ 'POST /api/email/verify': { status: 422, body: { message, errors: { code: [message] } } } });
    renderSite('staff', '/two-factor-authentication');
    await enterCode('000000');
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('sends a new code, then counts down 30 seconds before allowing another', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ 'POST /api/email/resend': { body: { message: 'We have emailed you a new code.' } } });
    renderSite('staff', '/two-factor-authentication');
    const resend = await screen.findByRole('button', { name: 'Send a new code' });
    expect(resend.hasAttribute('disabled')).toBe(false);
    fireEvent.click(resend);
    expect(await screen.findByText('We have emailed you a new code.')).toBeTruthy();
    expect(screen.getByText(/You can ask for a new code in (30|29) s/)).toBeTruthy();
    expect(resend.hasAttribute('disabled')).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText(/You can ask for a new code in (20|19) s/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(21_000));
    expect(screen.queryByText(/You can ask for a new code/)).toBeNull();
    expect(resend.hasAttribute('disabled')).toBe(false);
  });

  it('waits as long as the server says when asked too soon', async () => {
    const message = 'Please wait 12 seconds before asking for another code.';
    mockApi({ 'POST /api/email/resend': { status: 429, body: { message, error: 'rate_limited' } } });
    renderSite('staff', '/two-factor-authentication');
    fireEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByText(/You can ask for a new code in (12|11) s/)).toBeTruthy();
  });

  it('sends someone already fully signed in on, instead of asking for a code they do not need', async () => {
    const { callsTo } = mockApi({ 'GET /api/me': { body: { data: organisationAdmin } } });
    const { router } = renderSite('staff', '/two-factor-authentication');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('textbox', { name: 'Digit 1 of 6' })).toBeNull();
    expect(callsTo('POST /api/email/resend')).toEqual([]);
  });
});
