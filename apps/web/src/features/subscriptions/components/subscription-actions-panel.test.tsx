import '@/testing/browser-apis';
import type { SubscriptionActions } from '@gym/domain/api/subscriptions';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderPart } from '@/testing/render-part';
import { organisationAdmin } from '@/testing/users';
import { SubscriptionActionsPanel } from './subscription-actions-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const active: SubscriptionActions = {
  id: 7,
  user_id: 240,
  gym_id: 11,
  state: 'active',
  card_colour: 'green',
  start_date: '2026-03-02',
  current_period_start: '2026-03-02',
  current_period_end: '2026-03-09',
  ends_at: null,
  cancelled_at: null,
  cancellation_reasons: [],
  cancellation_comments: null,
  undo_cancellation_until: null,
  grace_period_ends_at: null,
  balance_owing: 0,
  formatted_balance_owing: '$0.00',
  periods_owing: 0,
  is_term_membership: false,
  term_ends_at: null,
  price: { id: 3, amount: 2100, formatted_amount: '$21.00', billing_frequency: 'weekly', offering_id: 2 },
  pause: null,
  scheduled_price_change: null,
  can: {
    pause: true,
    remove_pause: false,
    cancel: true,
    undo_cancellation: false,
    change_price: true,
    start_early: false,
    record_payment: false,
  },
  version: 3,
};

const preview = {
  start_date: '2026-03-05',
  end_date: '2026-03-19',
  days: 14,
  credit_days: 4,
  next_charge_date: '2026-03-23',
  moves_start_date: false,
  starts_today: true,
};

const history = { data: [], meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 } };

describe('the membership actions', () => {
  it('shows what a pause will do before pausing, then pauses', async () => {
    const { callsTo } = mockApi({
      'GET /api/subscriptions/7/actions': { body: { data: active } },
      'GET /api/users/240/price-change-history': { body: history },
      'POST /api/subscriptions/7/pause': ({ body }) =>
        (body as { dry_run: boolean }).dry_run
          ? { body: { data: { preview, subscription: null } } }
          : {
              body: { data: { preview, subscription: { ...active, state: 'paused', card_colour: 'amber' } } },
            },
    });
    renderPart(<SubscriptionActionsPanel subscriptionId={7} />, { me: organisationAdmin });
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause membership' });
    fireEvent.change(within(dialog).getByLabelText(/First day paused/), { target: { value: '2026-03-05' } });
    fireEvent.change(within(dialog).getByLabelText(/First day back/), { target: { value: '2026-03-19' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Broken wrist' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('4 paid days inside the pause are credited.')).toBeTruthy();
    expect(
      within(dialog).getByText('Door access ends now and comes back on the first day back.'),
    ).toBeTruthy();
    expect(callsTo('POST /api/subscriptions/7/pause')).toEqual([
      { start_date: '2026-03-05', end_date: '2026-03-19', reason: 'Broken wrist', dry_run: true },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause membership' }));
    await waitFor(() => expect(callsTo('POST /api/subscriptions/7/pause')).toHaveLength(2));
    expect(callsTo('POST /api/subscriptions/7/pause')[1]).toMatchObject({ dry_run: false });
  });

  it('puts the server’s field messages beside the fields, and a conflict in the dialog', async () => {
    mockApi({
      'GET /api/subscriptions/7/actions': { body: { data: active } },
      'GET /api/users/240/price-change-history': { body: history },
      'POST /api/subscriptions/7/cancel': ({ body }) =>
        (body as { cancellation_reasons: string[] }).cancellation_reasons.length === 0
          ? {
              status: 422,
              body: {
                message: 'Choose at least one reason',
                error: 'validation_failed',
                errors: { cancellation_reasons: ['Choose at least one reason'] },
              },
            }
          : { status: 409, body: { message: 'This membership is already cancelled.', error: 'conflict' } },
    });
    renderPart(<SubscriptionActionsPanel subscriptionId={7} />, { me: organisationAdmin });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel membership' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('Choose at least one reason')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Cost'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('This membership is already cancelled.')).toBeTruthy();
  });

  it('says when the actions cannot be loaded', async () => {
    mockApi({
      'GET /api/subscriptions/7/actions': {
        status: 404,
        body: { message: 'Subscription not found.', error: 'not_found' },
      },
    });
    renderPart(<SubscriptionActionsPanel subscriptionId={7} />, { me: organisationAdmin });
    expect(await screen.findByText('Subscription not found.')).toBeTruthy();
  });
});
