import '@/testing/browser-apis';
import type { Account } from '@gym/domain/api/account';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { member } from '@/testing/users';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const joined = { ...member, profile_picture: '/p', registration_complete: true };

const account: Account = {
  name: 'Aroha Member',
  self_service: {
    member_pauses_allowed: true,
    member_pause_min_days: 7,
    member_pause_max_days: 90,
    member_pauses_per_year: 2,
    member_pause_notice_days: 0,
    member_online_cancellation: true,
  },
  membership: {
    subscription: {
      id: 9,
      user_id: 104,
      gym_id: 1,
      state: 'grace',
      card_colour: 'amber',
      start_date: '2026-01-05',
      current_period_start: '2026-03-02',
      current_period_end: '2026-03-09',
      ends_at: null,
      cancelled_at: null,
      cancellation_reasons: [],
      cancellation_comments: null,
      undo_cancellation_until: null,
      grace_period_ends_at: '2026-03-16',
      balance_owing: 3500,
      formatted_balance_owing: '$35.00',
      periods_owing: 1,
      is_term_membership: false,
      term_ends_at: null,
      price: { id: 3, amount: 3500, formatted_amount: '$35.00', billing_frequency: 'weekly', offering_id: 2 },
      pause: null,
      scheduled_price_change: null,
      can: {
        pause: true,
        remove_pause: false,
        cancel: true,
        undo_cancellation: false,
        change_price: true,
        start_early: false,
        record_payment: true,
      },
      version: 3,
    },
    gym: { id: 1, name: 'Ponsonby' },
    offering_name: 'Anytime',
    frequency_label: 'Weekly',
    membership_type_label: 'Flexi Membership',
    cooling_period_ends_at: null,
    next_payment: { date: '2026-03-09', amount: 3500, surcharge: 0, total: 3500, formatted_total: '$35.00' },
    door_access: { open: true, text: 'Your tag opens the doors while you pay the $35.00 owing' },
    payment_method: { id: 4, type: 'bank_account', label: 'ANZ 01-0102-0123456-00', is_default: true },
    cancelled_online: false,
  },
};

describe('the member’s account home', () => {
  it('shows the card in its colour, door access in words, and pays what is owed', async () => {
    const { callsTo } = mockApi({
      'GET /api/me': { body: { data: joined } },
      'GET /api/me/account': { body: { data: account } },
      'POST /api/me/pay-now': {
        body: {
          data: {
            attempts: [{ payment_id: 77, status: 'sent', created: true }],
            balance_owing: 0,
            formatted_balance_owing: '$0.00',
            door_access: { open: true, text: 'Your tag opens the doors' },
          },
        },
      },
    });
    renderSite('member', '/account');
    expect(await screen.findByLabelText('Membership card, amber', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Your tag opens the doors while you pay the $35.00 owing')).toBeTruthy();
    expect(screen.getByText('Payment overdue')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Pay $35.00 now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $35.00 now' }, { timeout: 10_000 }));
    expect(await screen.findByText(/nothing is owed any more/, {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(callsTo('POST /api/me/pay-now')).toHaveLength(1));
  }, 45_000);

  it('sends a member still joining to their next step', async () => {
    mockApi({ 'GET /api/me': { body: { data: { ...member, profile_picture: null } } } });
    const { router } = renderSite('member', '/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/take-photo'));
  });
});
