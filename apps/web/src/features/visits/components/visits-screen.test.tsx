import '@/testing/browser-apis';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { organisationAdmin } from '@/testing/users';
import type { VisitRow } from '../api/visits-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const visit: VisitRow = {
  id: 5,
  visited_at: '2026-04-02T00:00:00.000Z',
  successful: false,
  user: { id: 7, name: 'Kiri Hona', email: 'kiri@example.co.nz' },
  gym: { id: 11, name: 'Ponsonby' },
  door: { id: 3, name: 'Side door' },
  at_desk: false,
  refused_reason: null,
};

const answer = (range: { from: string; to: string }) => ({
  body: {
    data: [visit],
    meta: { current_page: 1, per_page: 25, total: 1, last_page: 1, successful: 0, refused: 1, range },
  },
});

describe('the visits screen', () => {
  it('puts the server’s default dates in the address and the filter, and asks for them after', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/gyms': { body: { data: [{ id: 11, name: 'Ponsonby' }] } },
      'GET /api/visits': ({ url }) => {
        asked.push(url.search);
        return answer({ from: '2026-03-28', to: '2026-04-03' });
      },
    });
    const { router } = renderSite('staff', '/visits?result=refused');
    await screen.findByText('Kiri Hona');
    expect(asked[0]).toContain('successful=false');
    expect(asked[0]).not.toContain('from=');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?result=refused&from=2026-03-28&to=2026-04-03'),
    );
    await waitFor(() => expect(asked.at(-1)).toContain('from=2026-03-28&to=2026-04-03'));
    expect(screen.getByRole('button', { name: 'From' }).textContent).toBe('28 Mar 2026');
    expect(screen.getByRole('button', { name: 'To' }).textContent).toBe('3 Apr 2026');
    expect(screen.getByText('0 allowed and 1 refused door unlocks')).toBeTruthy();
  });

  it('keeps dates the address names', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/gyms': { body: { data: [] } },
      'GET /api/visits': ({ url }) => {
        asked.push(url.search);
        return answer({ from: '2026-04-01', to: '2026-04-02' });
      },
    });
    const { router } = renderSite('staff', '/visits?from=2026-04-01&to=2026-04-02');
    await screen.findByText('Kiri Hona');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('from=2026-04-01&to=2026-04-02');
    expect(router.state.location.search).toBe('?from=2026-04-01&to=2026-04-02');
  });
});
