import '@/testing/browser-apis';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderPart as renderWithUser } from '@/testing/render-part';
import { renderSite } from '@/testing/render-site';
import { organisationAdmin } from '@/testing/users';
import type { StripeConnection } from '../api/stripe-answers';
import { GymCardPayments } from './gym-card-payments';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const connection = (overrides: Partial<StripeConnection> = {}): StripeConnection => ({
  gym_id: 7,
  stripe_id: 'acct_1Ponsonby',
  status: 'connected',
  charges_enabled: true,
  details_submitted: true,
  payouts_enabled: true,
  disabled_reason: null,
  connected_at: '2026-01-05T02:00:00.000Z',
  ...overrides,
});

const renderPart = (ui: ReactNode, path = '/gyms/7') => renderWithUser(ui, { me: organisationAdmin, path });

describe('GymCardPayments', () => {
  it('sends the admin to Stripe’s form from a gym without an account', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = mockApi({
      'POST /api/gyms/7/stripe/redirect': {
        body: { data: { url: 'https://connect.stripe.test/setup/abc', expires_at: '2026-01-05T02:05:00Z' } },
      },
    });
    renderPart(<GymCardPayments gym={{ id: 7, stripe_id: null, can_manage: true }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.test/setup/abc'));
    expect(api.callsTo('GET /api/gyms/7/stripe')).toEqual([]);
  });

  it('shows a connected account, and an unfinished one with a way to finish', async () => {
    mockApi({ 'GET /api/gyms/7/stripe': { body: { data: connection() } } });
    renderPart(<GymCardPayments gym={{ id: 7, stripe_id: 'acct_1Ponsonby', can_manage: true }} />);
    expect(await screen.findByText('Connected')).toBeTruthy();
    expect(screen.getByText('Stripe account acct_1Ponsonby')).toBeTruthy();
    cleanup();

    mockApi({
      'GET /api/gyms/7/stripe': {
        body: { data: connection({ status: 'incomplete', charges_enabled: false }) },
      },
    });
    renderPart(
      <GymCardPayments gym={{ id: 7, stripe_id: 'acct_1Ponsonby', can_manage: true }} />,
      '/gyms/7?stripe=expired',
    );
    expect(await screen.findByRole('button', { name: 'Finish Stripe set-up' })).toBeTruthy();
    expect(screen.getByText('The Stripe link expired')).toBeTruthy();
    cleanup();

    // Stripe stopped an account that used to charge (account.updated): said as an alert, with the way on.
    mockApi({
      'GET /api/gyms/7/stripe': {
        body: {
          data: connection({
            status: 'charges_disabled',
            charges_enabled: false,
            disabled_reason: 'requirements.past_due',
          }),
        },
      },
    });
    renderPart(<GymCardPayments gym={{ id: 7, stripe_id: 'acct_1Ponsonby', can_manage: true }} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Stripe has stopped card payments/);
    expect(screen.getByRole('button', { name: 'Give Stripe what it asks for' })).toBeTruthy();
  });

  it('shows the server’s message when Stripe fails, and nothing to trainers', async () => {
    mockApi({
      'POST /api/gyms/7/stripe/redirect': {
        status: 502,
        body: {
          message: 'Stripe did not answer. Please try again in a moment.',
          error: 'provider_unavailable',
        },
      },
    });
    renderPart(<GymCardPayments gym={{ id: 7, stripe_id: null, can_manage: true }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Stripe did not answer. Please try again in a moment.',
    );
    cleanup();
    renderPart(<GymCardPayments gym={{ id: 7, stripe_id: null, can_manage: false }} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the /stripe/callback screen', () => {
  const me = { 'GET /api/me': { body: { data: organisationAdmin } } };

  it('hands the address to the exchange once and shows the connected account', async () => {
    const api = mockApi({ ...me, 'POST /api/stripe/exchange': { body: { data: connection() } } });
    renderSite('staff', '/stripe/callback?gym_id=7&state=sealed-state');
    expect(await screen.findByText('Stripe is connected')).toBeTruthy();
    expect(api.callsTo('POST /api/stripe/exchange')).toEqual([{ gym_id: 7, state: 'sealed-state' }]);
    expect(screen.getByRole('link', { name: 'Back to the gym' }).getAttribute('href')).toBe('/gyms/7');
  });

  it('says when the set-up is not finished, and shows the server’s refusal', async () => {
    mockApi({
      ...me,
      'POST /api/stripe/exchange': {
        body: { data: connection({ status: 'incomplete', charges_enabled: false }) },
      },
    });
    renderSite('staff', '/stripe/callback?gym_id=7&state=s');
    expect(await screen.findByText('Stripe set-up is not finished')).toBeTruthy();
    cleanup();

    mockApi({
      ...me,
      'POST /api/stripe/exchange': {
        status: 422,
        body: {
          message: 'This Stripe link has expired. Start connecting again from the gym.',
          error: 'validation_failed',
          errors: { state: ['This Stripe link has expired. Start connecting again from the gym.'] },
        },
      },
    });
    renderSite('staff', '/stripe/callback?gym_id=7&state=s');
    expect(
      await screen.findByText('This Stripe link has expired. Start connecting again from the gym.'),
    ).toBeTruthy();
  });

  it('sends nothing for an address without Stripe’s details', async () => {
    const api = mockApi(me);
    renderSite('staff', '/stripe/callback');
    expect(await screen.findByText('This address is not from Stripe')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the gyms' })).toBeTruthy();
    expect(api.callsTo('POST /api/stripe/exchange')).toEqual([]);
  });
});
