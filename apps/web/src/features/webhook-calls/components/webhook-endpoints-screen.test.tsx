import '@/testing/browser-apis';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { organisationAdmin } from '@/testing/users';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const endpoint = (provider: 'akahu' | 'stripe' | 'kisi', overrides: object = {}) => ({
  provider,
  endpoint_url: `http://localhost:3000/api/webhooks/${provider}`,
  registered: true,
  registration_note: null,
  last_delivery: null,
  recent_failures: [],
  failures_last_7_days: 0,
  can_send_test_event: false,
  ...overrides,
});

describe('the webhooks screen', () => {
  it('shows each provider’s endpoint, registration, last call and recent failures', async () => {
    mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/webhooks': {
        body: {
          data: [
            endpoint('akahu', { registered: false, registration_note: 'The simulator sends nowhere.' }),
            endpoint('stripe', {
              last_delivery: {
                received_at: '2026-03-02T01:00:00.000Z',
                status: 'processed',
                event_type: 'payment_intent.succeeded',
              },
              recent_failures: [
                {
                  id: 4,
                  received_at: '2026-03-01T01:00:00.000Z',
                  status: 'failed',
                  event_type: 'charge.failed',
                  error: 'Database down',
                },
              ],
              failures_last_7_days: 1,
            }),
            endpoint('kisi'),
          ],
        },
      },
    });
    renderSite('staff', '/webhooks');
    const akahu = await screen.findByRole('region', { name: 'Akahu' }, { timeout: 8000 });
    expect(within(akahu).getByText('Not registered')).toBeTruthy();
    expect(within(akahu).getByText('The simulator sends nowhere.')).toBeTruthy();
    const stripe = screen.getByRole('region', { name: 'Stripe' });
    expect(within(stripe).getByText('1 failed or rejected in the last 7 days')).toBeTruthy();
    expect(within(stripe).getByText(/Database down/)).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Kisi' })).getByText('No call received yet.'),
    ).toBeTruthy();
    expect(screen.getByText('A provider does not send here')).toBeTruthy();
  });

  it('in a sandbox, sends a test event and shows it as the last call, or why it could not', async () => {
    const delivered = endpoint('kisi', {
      can_send_test_event: true,
      last_delivery: {
        received_at: '2026-03-02T02:00:00.000Z',
        status: 'processed',
        event_type: 'sandbox.test_event',
      },
    });
    let sent = false;
    const { callsTo } = mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      // As the server: once the test event is in, the list shows it as Kisi's last call.
      'GET /api/webhooks': () => ({
        body: {
          data: [
            endpoint('akahu'),
            endpoint('stripe', { can_send_test_event: true }),
            sent ? delivered : endpoint('kisi', { can_send_test_event: true }),
          ],
        },
      }),
      'POST /api/webhooks/kisi/test-event': () => {
        sent = true;
        return {
          body: {
            data: {
              provider: 'kisi',
              event_type: 'sandbox.test_event',
              delivery_status: 'delivered',
              status_code: 200,
              endpoint: delivered,
            },
          },
        };
      },
      'POST /api/webhooks/stripe/test-event': {
        status: 409,
        body: {
          error: 'conflict',
          message: 'No gym of this organisation has a connected Stripe account yet.',
        },
      },
    });
    renderSite('staff', '/webhooks');
    const kisi = await screen.findByRole('region', { name: 'Kisi' }, { timeout: 8000 });
    expect(within(screen.getByRole('region', { name: 'Akahu' })).queryByText('Send test event')).toBeNull();
    expect(within(kisi).getByText('No call received yet.')).toBeTruthy();
    fireEvent.click(within(kisi).getByRole('button', { name: 'Send test event from Kisi' }));
    expect((await within(kisi).findByRole('status')).textContent).toBe(
      'Test event sandbox.test_event delivered: this app answered 200.',
    );
    expect(within(kisi).getByText(/^Last call .*\(Test event\)/)).toBeTruthy();
    expect(callsTo('POST /api/webhooks/kisi/test-event')).toHaveLength(1);

    const stripe = screen.getByRole('region', { name: 'Stripe' });
    fireEvent.click(within(stripe).getByRole('button', { name: 'Send test event from Stripe' }));
    expect((await within(stripe).findByRole('alert')).textContent).toBe(
      'No gym of this organisation has a connected Stripe account yet.',
    );
  });
});
