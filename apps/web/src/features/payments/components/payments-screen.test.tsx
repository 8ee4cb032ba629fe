import '@/testing/browser-apis';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { organisationAdmin } from '@/testing/users';
import type { PaymentDetail, PaymentRow } from '../api/payment-answers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (overrides: Partial<PaymentRow> = {}): PaymentRow => ({
  id: 41,
  amount: 2500,
  formatted_amount: '$25.00',
  surcharge: 0,
  formatted_surcharge: '$0.00',
  total: 2500,
  formatted_total: '$25.00',
  status: 'failed',
  status_group: 'failed',
  type: 'bank_account',
  is_retry: false,
  is_pro_rata: false,
  attempt: 1,
  period_start_at: '2026-03-09',
  period_end_at: '2026-03-16',
  error_status: 'INSUFFICIENT_FUNDS',
  error_description: 'Not enough money',
  refunded: 0,
  formatted_refunded: '$0.00',
  user: { id: 7, name: 'Aroha Ngata', email: 'aroha@example.co.nz' },
  gym: { id: 11, name: 'Ponsonby' },
  subscription_id: 3,
  charge_id: 90,
  tasks: [{ kind: 'retry', due_on: '2026-03-10' }],
  destination_account: { id: 5, name: 'Ponsonby takings', bank_account_number: '12-3456-7890123-00' },
  is_term_membership: false,
  cooling_period_ends_at: null,
  term_ends_at: null,
  balance_owing: 2500,
  formatted_balance_owing: '$25.00',
  periods_owing: 1,
  force_amount: null,
  meta: {},
  created_at: '2026-03-08T20:00:00.000Z',
  ...overrides,
});

const detail = (overrides: Partial<PaymentDetail> = {}): PaymentDetail => ({
  ...row(),
  akahu_id: 'payment_abc',
  akahu_sid: null,
  stripe_id: null,
  poll_count: 0,
  credit_used: 0,
  error_explanation: 'There was not enough money in the account. It is tried again automatically.',
  processed_by: null,
  charge: {
    id: 90,
    kind: 'period',
    period_start: '2026-03-09',
    period_end: '2026-03-16',
    due_date: '2026-03-09',
    amount: 2500,
    surcharge: 0,
    formatted_total: '$25.00',
    status: 'unpaid',
    first_failed_at: '2026-03-08T20:00:00.000Z',
    paid_at: null,
    next_retry_on: '2026-03-10',
  },
  attempts: [],
  retry: { allowed: true, reason: null },
  ...overrides,
});

const list = (data: PaymentRow[]) => ({
  body: {
    data,
    meta: {
      current_page: 1,
      per_page: 25,
      total: data.length,
      last_page: 1,
      totals: {
        count: data.length,
        total: 2500,
        successful: 0,
        pending: 0,
        upcoming: 0,
        failed: 2500,
        successful_count: 0,
        failed_count: 1,
      },
      range: { from: '2026-02-27', to: '2026-03-28' },
    },
  },
});

describe('the payments screen', () => {
  it('lists payments with the filter’s totals, keeps filters in the address, and retries a failed one after confirming', async () => {
    const asked: string[] = [];
    const { callsTo } = mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/gyms': { body: { data: [{ id: 11, name: 'Ponsonby' }] } },
      'GET /api/payments': ({ url }) => {
        asked.push(url.search);
        return list([row()]);
      },
      'GET /api/payments/41': { body: { data: detail() } },
      'GET /api/payments/42': {
        body: {
          data: detail({
            id: 42,
            attempt: 2,
            status: 'pending_request',
            status_group: 'pending',
            error_explanation: null,
            retry: { allowed: false, reason: null },
          }),
        },
      },
      'POST /api/payments/41/retry': {
        body: { data: { retry_payment_id: 42, created: true, detail: detail({ id: 42 }) } },
      },
    });
    const { router } = renderSite('staff', '/payments?status=failed');
    await screen.findByText('Aroha Ngata');
    expect(asked[0]).toContain('status=failed');
    expect(asked[0]).not.toContain('from=');
    // The server's default range goes into the address and the filter, and the list asks for it.
    await waitFor(() => expect(router.state.location.search).toContain('from=2026-02-27&to=2026-03-28'));
    await waitFor(() => expect(asked.at(-1)).toContain('from=2026-02-27&to=2026-03-28'));
    expect(screen.getByRole('button', { name: 'From' }).textContent).toBe('27 Feb 2026');
    expect(screen.getByRole('button', { name: 'To' }).textContent).toBe('28 Mar 2026');
    expect(within(screen.getByRole('group', { name: 'Failed' })).getByText('$25.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^\d{1,2} \w{3} \d{4}/ }));
    expect(
      await screen.findByText('There was not enough money in the account. It is tried again automatically.'),
    ).toBeTruthy();
    expect(router.state.location.search).toContain('payment=41');
    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    // The confirmation's own button (the drawer's stays behind it).
    await screen.findByText('Retry this payment now?');
    const confirm = await screen.findByRole('dialog', { name: 'Retry this payment now?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(callsTo('POST /api/payments/41/retry')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.search).toContain('payment=42'));
  });

  it('says so when no payment matches', async () => {
    mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/gyms': { body: { data: [] } },
      'GET /api/payments': list([]),
    });
    renderSite('staff', '/payments?type=cash');
    expect(await screen.findByText('No payments match these filters')).toBeTruthy();
  });
});
