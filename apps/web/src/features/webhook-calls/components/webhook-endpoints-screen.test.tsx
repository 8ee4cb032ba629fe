import '@/testing/browser-apis';
import { cleanup, screen, within } from '@testing-library/react';
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
});
