import '@/testing/browser-apis';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { gymAdmin, organisationAdmin } from '@/testing/users';
import type { WebhookCall } from '../api/webhook-call-answers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const buildCall = (overrides: Partial<WebhookCall> = {}): WebhookCall => ({
  id: 501,
  provider: 'stripe',
  event_type: 'account.updated',
  external_id: 'evt_1Abc',
  signature_valid: true,
  status: 'processed',
  error: null,
  note: 'not acted on',
  headers: { 'content-type': 'application/json', 'stripe-signature': 't=1767225600,v1=[redacted]' },
  payload: { id: 'evt_1Abc', type: 'account.updated', data: { object: { id: 'acct_1' } } },
  // 5 Mar 2025, 3:38 pm in Auckland (NZDT, +13).
  received_at: '2025-03-05T02:38:00.000Z',
  processed_at: '2025-03-05T02:38:01.000Z',
  ...overrides,
});

const page = (
  data: WebhookCall[],
  meta: Partial<{ total: number; last_page: number; page: number }> = {},
) => ({
  body: {
    data,
    meta: {
      current_page: meta.page ?? 1,
      per_page: 25,
      total: meta.total ?? data.length,
      last_page: meta.last_page ?? 1,
    },
  },
});

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the webhook calls screen', () => {
  it('says when no call has come yet', async () => {
    mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/webhook-calls': page([]),
    });
    renderSite('staff', '/webhook-calls');
    expect(await screen.findByText('No webhook calls yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Webhook calls', level: 1 })).toBeTruthy();
  });

  it('lists calls with Auckland times, status and remark; a row opens its body and headers', async () => {
    mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/webhook-calls': page([
        buildCall(),
        buildCall({
          id: 502,
          provider: 'kisi',
          event_type: null,
          external_id: null,
          signature_valid: false,
          status: 'failed',
          error: 'provider_unavailable: Kisi did not answer',
          note: null,
          headers: {},
          payload: null,
        }),
      ]),
    });
    renderSite('staff', '/webhook-calls');
    await screen.findByRole('button', { name: 'Card payments account updated' });
    const table = screen.getByRole('table', { name: 'Webhook calls' });
    expect(cellsOf(table)).toEqual([
      [
        '5 Mar 2025, 3:38 pm',
        'Stripe',
        'Card payments account updatedaccount.updated',
        'evt_1Abc',
        'Processed',
        'not acted on',
      ],
      [
        '5 Mar 2025, 3:38 pm',
        'Kisi',
        'Unknown event',
        '--',
        'Failed',
        'provider_unavailable: Kisi did not answer',
      ],
    ]);

    fireEvent.click(within(table).getByRole('button', { name: 'Card payments account updated' }));
    const drawer = await screen.findByRole('dialog', { name: 'Stripe: Card payments account updated' });
    expect(within(drawer).getByLabelText('Recorded body').textContent).toBe(
      JSON.stringify(buildCall().payload, null, 2),
    );
    const headers = within(drawer).getByRole('table', { name: 'Headers' });
    expect(within(headers).getByRole('row', { name: /stripe-signature/ }).textContent).toBe(
      'stripe-signaturet=1767225600,v1=[redacted]',
    );
    expect(within(drawer).getByText('not acted on')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The whole row opens the call too; one without a body or headers says so.
    fireEvent.click(within(table).getByRole('row', { name: /Unknown event/ }));
    const failed = await screen.findByRole('dialog', { name: 'Kisi: Unknown event' });
    expect(within(failed).getByText('No body was kept: it was empty or not JSON.')).toBeTruthy();
    expect(within(failed).queryByRole('table', { name: 'Headers' })).toBeNull();
    expect(within(failed).getByText('Signature not valid')).toBeTruthy();
  });

  it('keeps the provider, status and page in the address and asks the server for them', async () => {
    const { fetchMock } = mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/webhook-calls': ({ url }) =>
        url.searchParams.get('status') === 'rejected'
          ? page([])
          : page([buildCall()], { total: 30, last_page: 2, page: Number(url.searchParams.get('page')) }),
    });
    const { router } = renderSite('staff', '/webhook-calls?provider=stripe');
    expect(await screen.findByText('30 calls')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?provider=stripe&page=2'));

    const status = screen.getByRole('radiogroup', { name: 'Status' });
    fireEvent.click(within(status).getByRole('radio', { name: 'Rejected' }));
    await waitFor(() => expect(router.state.location.search).toBe('?provider=stripe&status=rejected'));
    expect(await screen.findByText('No webhook calls match these filters')).toBeTruthy();

    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/webhook-calls')
      .map((url) => url.search);
    expect(asked).toEqual([
      '?page=1&per_page=25&provider=stripe',
      '?page=2&per_page=25&provider=stripe',
      '?page=1&per_page=25&provider=stripe&status=rejected',
    ]);

    const provider = screen.getByRole('radiogroup', { name: 'Provider' });
    fireEvent.click(within(provider).getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=rejected'));
  });

  it('shows a failure with a way to try again', async () => {
    let answers = 0;
    mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/webhook-calls': () =>
        answers++ === 0
          ? {
              status: 409,
              body: { message: 'The list changed while it was read. Please try again.', error: 'conflict' },
            }
          : page([buildCall()]),
    });
    renderSite('staff', '/webhook-calls');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load the webhook calls')).toBeTruthy();
    expect(alert.textContent).toContain('The list changed while it was read. Please try again.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Card payments account updated' })).toBeTruthy();
  });

  it('sends anyone but an organisation admin to the dashboard', async () => {
    mockApi({ 'GET /api/me': { body: { data: gymAdmin } } });
    const { router } = renderSite('staff', '/offerings');
    await act(() => router.navigate('/webhook-calls'));
    expect(await screen.findByRole('heading', { name: 'Kia ora, Tama' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
