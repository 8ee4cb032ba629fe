import '@/testing/browser-apis';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { gymAdmin, organisationAdmin } from '@/testing/users';
import type { ExpectedPaymentRow } from '../api/expected-payment-answers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const active = {
  state: 'active' as const,
  grace_ends_on: null,
  ends_on: null,
  cancelled_for_non_payment: false,
  door_access: true,
};

const buildRow = (overrides: Partial<ExpectedPaymentRow> = {}): ExpectedPaymentRow => ({
  subscription_id: 7,
  member: { id: 240, name: 'Sione Robinson' },
  gym: { id: 11, name: 'Ponsonby' },
  period_start: '2026-03-02',
  period_end: '2026-03-09',
  expected: null,
  charge: {
    id: 883,
    amount: 1950,
    surcharge: 0,
    status: 'paid',
    attempts: 1,
    collected: 1950,
    next_retry_on: null,
    last_error: null,
  },
  payment_status: 'paid',
  status_label: 'Paid',
  subscription: active,
  drift: null,
  drift_label: null,
  detail: null,
  ...overrides,
});

const ROWS: ExpectedPaymentRow[] = [
  buildRow({
    subscription_id: 9,
    member: { id: 250, name: 'Harper Tamihana' },
    gym: { id: 12, name: 'Te Aro' },
    period_start: '2026-03-01',
    period_end: '2026-03-08',
    charge: {
      id: 900,
      amount: 2500,
      surcharge: 50,
      status: 'unpaid',
      attempts: 2,
      collected: 0,
      next_retry_on: '2026-03-06',
      last_error: 'There are not enough funds in the account to make this payment.',
    },
    payment_status: 'failed',
    status_label: 'Failed — retry on 6 Mar 2026',
    subscription: { ...active, state: 'grace', grace_ends_on: '2026-03-15' },
  }),
  buildRow(),
  buildRow({
    subscription_id: 8,
    member: { id: 251, name: 'Ana Thompson' },
    gym: { id: 13, name: 'Riccarton' },
    period_start: '2026-02-20',
    period_end: '2026-02-27',
    charge: {
      id: 870,
      amount: 2000,
      surcharge: 0,
      status: 'unpaid',
      attempts: 4,
      collected: 0,
      next_retry_on: null,
      last_error: 'There are not enough funds in the account to make this payment.',
    },
    payment_status: 'failed',
    status_label: 'Failed',
    subscription: {
      state: 'cancelled',
      grace_ends_on: '2026-03-03',
      ends_on: '2026-03-03',
      cancelled_for_non_payment: true,
      door_access: false,
    },
  }),
  buildRow({
    subscription_id: 10,
    member: { id: 252, name: 'Mia Young' },
    period_start: '2026-03-12',
    period_end: '2026-04-12',
    expected: { amount: 3600, surcharge: 72 },
    charge: null,
    payment_status: 'not_charged',
    status_label: 'Not charged yet',
    subscription: { ...active, state: 'paused', door_access: false },
    drift: 'not_charged',
    drift_label: 'Due by the rules, but the billing run did not charge it',
  }),
];

const META = {
  expected_total: 3672,
  created_total: 6450,
  collected_total: 1950,
  drift_count: 1,
};

const answer = (
  data: ExpectedPaymentRow[],
  url: URL,
  meta: Partial<{ total: number; last_page: number }> = {},
) => ({
  body: {
    data,
    meta: {
      current_page: Number(url.searchParams.get('page') ?? 1),
      per_page: 50,
      total: meta.total ?? data.length,
      last_page: meta.last_page ?? 1,
      from: url.searchParams.get('from') ?? '',
      to: url.searchParams.get('to') ?? '',
      ...META,
    },
  },
});

const clock = (today: string) => ({
  body: { data: { now: `${today}T00:30:00.000Z`, today, can_travel: true } },
});

const daySummary = (day: string, charges: number) => ({
  day,
  graceEnded: 1,
  pausesStarted: 0,
  pausesEnded: 0,
  charges,
  attempts: charges,
  retries: 1,
  resent: 0,
  polled: 0,
  doorsGranted: 0,
  doorsRevoked: 1,
});

const asked = (fetchMock: ReturnType<typeof mockApi>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/expected-payments-debugging')
    .map((url) => url.search);

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the expected payments screen', () => {
  it("lists the money next to the membership, for the 14 days either side of the app's today", async () => {
    const { fetchMock } = mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/gyms': { body: { data: [] } },
      'GET /api/dev/clock': clock('2026-03-05'),
      'GET /api/expected-payments-debugging': ({ url }) => answer(ROWS, url),
    });
    renderSite('staff', '/expected-payments-debugging');
    await screen.findByText('Sione Robinson');
    const table = screen.getByRole('table', { name: 'Expected payments' });
    expect(screen.getByRole('heading', { name: 'Expected payments', level: 1 })).toBeTruthy();
    expect(cellsOf(table)).toEqual([
      [
        'Harper Tamihana',
        'Te Aro',
        '1 Mar 2026 – 7 Mar 2026',
        '$25.50charged',
        'Failed — retry on 6 Mar 2026There are not enough funds in the account to make this payment.',
        'In grace until 15 Mar 2026',
        'Yes',
        '--',
      ],
      [
        'Sione Robinson',
        'Ponsonby',
        '2 Mar 2026 – 8 Mar 2026',
        '$19.50charged',
        'Paid',
        'Active',
        'Yes',
        '--',
      ],
      [
        'Ana Thompson',
        'Riccarton',
        '20 Feb 2026 – 26 Feb 2026',
        '$20.00charged',
        'FailedThere are not enough funds in the account to make this payment.',
        'Cancelled for non-payment',
        'No',
        '--',
      ],
      [
        'Mia Young',
        'Ponsonby',
        '12 Mar 2026 – 11 Apr 2026',
        '$36.72expected, not charged yet',
        'Not charged yet',
        'Paused',
        'No',
        'Due by the rules, but the billing run did not charge it',
      ],
    ]);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Member',
      'Gym',
      'Period',
      'Amount',
      'Payment',
      'Membership',
      'Door access',
      'Drift',
    ]);
    const totals = screen.getByRole('group', { name: 'Totals' });
    expect(within(totals).getByRole('group', { name: 'Expected' }).textContent).toContain('$36.72');
    expect(within(totals).getByRole('group', { name: 'Charged' }).textContent).toContain('$64.50');
    expect(within(totals).getByRole('group', { name: 'Collected' }).textContent).toContain('$19.50');
    expect(within(totals).getByRole('group', { name: 'Drift' }).textContent).toContain('1');
    // The range is the app's (the sandbox clock's), and the clock can be moved from here.
    expect(asked(fetchMock)).toEqual(['?from=2026-02-19&to=2026-03-19&page=1&per_page=50']);
    const sandbox = screen.getByRole('region', { name: 'Sandbox clock' });
    expect(within(sandbox).getByText('5 Mar 2026')).toBeTruthy();
    expect(within(sandbox).getByRole('button', { name: 'Move clock forward' })).toBeTruthy();
  });

  it('offers no clock where there is no sandbox clock, and says when nothing is due', async () => {
    const { fetchMock } = mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/gyms': { body: { data: [] } },
      'GET /api/dev/clock': {
        status: 404,
        body: { message: 'The clock only moves in a sandbox.', error: 'not_found' },
      },
      'GET /api/expected-payments-debugging': ({ url }) => answer([], url),
    });
    renderSite('staff', '/expected-payments-debugging?from=2026-01-01&to=2026-01-31');
    expect(await screen.findByText('No payments in these dates')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Sandbox clock' })).toBeNull();
    expect(asked(fetchMock)).toEqual(['?from=2026-01-01&to=2026-01-31&page=1&per_page=50']);
  });

  it('keeps the payment status, drift only and page in the address and asks the server for them', async () => {
    const { fetchMock } = mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/gyms': { body: { data: [] } },
      'GET /api/dev/clock': clock('2026-03-05'),
      'GET /api/expected-payments-debugging': ({ url }) =>
        url.searchParams.get('drift_only') === 'true'
          ? answer([], url)
          : answer(ROWS, url, { total: 120, last_page: 3 }),
    });
    const { router } = renderSite('staff', '/expected-payments-debugging?from=2026-03-01&to=2026-03-10');
    expect(await screen.findByText('120 rows')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-03-01&to=2026-03-10&page=2'));

    const status = screen.getByRole('radiogroup', { name: 'Payment' });
    fireEvent.click(within(status).getByRole('radio', { name: 'Failed' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2026-03-01&to=2026-03-10&status=failed'),
    );
    // The screen has taken in the new address before the next change.
    await waitFor(() =>
      expect((within(status).getByRole('radio', { name: 'Failed' }) as HTMLInputElement).checked).toBe(true),
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Drift only' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2026-03-01&to=2026-03-10&status=failed&drift=true'),
    );
    expect(await screen.findByText('No payments match these filters')).toBeTruthy();
    expect(asked(fetchMock)).toEqual([
      '?from=2026-03-01&to=2026-03-10&page=1&per_page=50',
      '?from=2026-03-01&to=2026-03-10&page=2&per_page=50',
      '?from=2026-03-01&to=2026-03-10&status=failed&page=1&per_page=50',
      '?from=2026-03-01&to=2026-03-10&drift_only=true&status=failed&page=1&per_page=50',
    ]);
  });

  it('moves the clock a day at a time after a confirmation, then shows the new days', async () => {
    let today = '2026-03-05';
    const days = (n: number) => `2026-03-0${5 + n}`;
    let moves = 0;
    const { fetchMock, callsTo } = mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/gyms': { body: { data: [] } },
      'GET /api/dev/clock': () => clock(today),
      'POST /api/dev/clock': () => {
        moves += 1;
        today = days(moves);
        return {
          body: {
            data: { ...clock(today).body.data, days: [daySummary(today, 10 * moves)] },
          },
        };
      },
      'GET /api/expected-payments-debugging': ({ url }) => answer(ROWS, url),
    });
    renderSite('staff', '/expected-payments-debugging');
    const sandbox = await screen.findByRole('region', { name: 'Sandbox clock' });
    await screen.findByText('Sione Robinson');
    const daysInput = within(sandbox).getByRole('textbox', { name: 'Days' });
    expect((daysInput as HTMLInputElement).value).toBe('30');
    fireEvent.change(daysInput, { target: { value: '2' } });
    fireEvent.click(within(sandbox).getByRole('button', { name: 'Move clock forward' }));

    // Nothing moves until the person confirms; cancelling leaves the clock alone.
    const dialog = await screen.findByRole('dialog', { name: 'Move the clock forward 2 days?' });
    expect(dialog.textContent).toContain('The clock cannot be moved back.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('POST /api/dev/clock')).toEqual([]);

    fireEvent.click(within(sandbox).getByRole('button', { name: 'Move clock forward' }));
    const again = await screen.findByRole('dialog', { name: 'Move the clock forward 2 days?' });
    await act(async () => {
      fireEvent.click(within(again).getByRole('button', { name: 'Move forward 2 days' }));
    });
    const done = await within(sandbox).findByRole('status');
    await waitFor(() => expect(done.textContent).toContain('The clock moved 2 days, to 7 Mar 2026.'));
    expect(done.textContent).toContain(
      '30 charges, 30 payment attempts, 2 retries, 2 graces ended, 0 door accesses given, 2 door accesses taken away.',
    );
    expect(callsTo('POST /api/dev/clock')).toEqual([{ days: 1 }, { days: 1 }]);
    // The list and the clock are read again for the new today.
    await waitFor(() => expect(within(sandbox).getByText('7 Mar 2026')).toBeTruthy());
    await waitFor(() =>
      expect(asked(fetchMock)).toEqual([
        '?from=2026-02-19&to=2026-03-19&page=1&per_page=50',
        '?from=2026-02-21&to=2026-03-21&page=1&per_page=50',
      ]),
    );
  });

  it('shows a failure with a way to try again', async () => {
    let answers = 0;
    mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/gyms': { body: { data: [] } },
      'GET /api/dev/clock': clock('2026-03-05'),
      'GET /api/expected-payments-debugging': ({ url }) =>
        answers++ === 0
          ? {
              status: 409,
              body: { message: 'The list changed while it was read. Please try again.', error: 'conflict' },
            }
          : answer(ROWS, url),
    });
    renderSite('staff', '/expected-payments-debugging');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load the expected payments')).toBeTruthy();
    expect(alert.textContent).toContain('The list changed while it was read. Please try again.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sione Robinson')).toBeTruthy();
  });

  it('sends anyone but an organisation admin to the dashboard', async () => {
    mockApi({ 'GET /api/me': { body: { data: gymAdmin } } });
    const { router } = renderSite('staff', '/offerings');
    await act(() => router.navigate('/expected-payments-debugging'));
    expect(await screen.findByRole('heading', { name: 'Kia ora, Tama' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
