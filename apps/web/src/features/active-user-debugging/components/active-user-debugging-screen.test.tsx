import '@/testing/browser-apis';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { organisationAdmin } from '@/testing/users';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the active user debugging screen', () => {
  it('shows each member’s state on the day in the address and the facts behind it', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/gyms': { body: { data: [] } },
      'GET /api/active-user-debugging': ({ url }) => {
        asked.push(url.search);
        return {
          body: {
            data: [
              {
                member: { id: 5, name: 'Eve Marsh' },
                gym: { id: 1, name: 'Ponsonby' },
                subscription_id: 9,
                state: 'cancelled',
                active: false,
                reasons: ['Membership started 1 Jan 2026', 'Cancelled 10 Mar 2026'],
              },
            ],
            meta: {
              date: '2026-03-14',
              active: 3,
              inactive: 1,
              current_page: 1,
              per_page: 50,
              total: 1,
              last_page: 1,
            },
          },
        };
      },
    });
    renderSite('staff', '/active-user-debugging?date=2026-03-14&only=inactive');
    expect(await screen.findByText('Cancelled 10 Mar 2026')).toBeTruthy();
    expect(screen.getByText(/On 14 Mar 2026: 3 active, 1 not active/)).toBeTruthy();
    expect(asked[0]).toContain('date=2026-03-14');
    expect(asked[0]).toContain('only=inactive');
  });
});
