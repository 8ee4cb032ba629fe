import '@/testing/browser-apis';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { organisationAdmin, trainer } from '@/testing/users';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const period = { from: '2026-04', to: '2026-05', months: ['2026-04', '2026-05'] };
const revenue = {
  period,
  opening_mrr: 28833,
  months: [
    {
      month: '2026-04',
      mrr: 20000,
      members: 3,
      new: 0,
      expansion: 2000,
      contraction: 0,
      churned: 10833,
      reactivated: 0,
      net: -8833,
    },
    {
      month: '2026-05',
      mrr: 24833,
      members: 3,
      new: 0,
      expansion: 0,
      contraction: 0,
      churned: 6000,
      reactivated: 10833,
      net: 4833,
    },
  ],
};
const figure = (count: number, amount: number) => ({ count, amount });
const noFigures = {
  due: figure(0, 0),
  first_time: figure(0, 0),
  by_retries: figure(0, 0),
  by_member: figure(0, 0),
  by_staff: figure(0, 0),
  written_off: figure(0, 0),
  outstanding: figure(0, 0),
  pending: figure(0, 0),
  failed: figure(0, 0),
  recovery_rate: null,
};

describe('the reports screen', () => {
  it('shows a report as a chart and a table, keeps its filters in the address and downloads its CSV', async () => {
    const asked: string[] = [];
    const exported: string[] = [];
    mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/gyms': { body: { data: [{ id: 11, name: 'Ponsonby' }] } },
      'GET /api/reports/recurring-revenue': ({ url }) => {
        asked.push(url.search);
        return { body: { data: revenue } };
      },
      'GET /api/reports/collections': {
        body: { data: { period, total: noFigures, months: [], rails: [], failures: [] } },
      },
      'GET /api/reports/recurring-revenue/export': ({ url }) => {
        exported.push(url.search);
        return { body: 'Month' };
      },
    });
    // jsdom has no object URLs: the download hands the browser one.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:report';
        static override revokeObjectURL = () => {};
      },
    );
    const { router } = renderSite('staff', '/reports?gym=11&from=2026-04&to=2026-05');
    const table = await screen.findByRole('table', { name: 'Recurring revenue by month' });
    expect(asked[0]).toContain('gym_id=11');
    expect(asked[0]).toContain('from=2026-04&to=2026-05');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('$248.33')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Monthly recurring revenue: .*\$200\.00/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download recurring revenue (CSV)' }));
    await waitFor(() => expect(exported).toHaveLength(1));
    expect(exported[0]).toContain('gym_id=11');
    fireEvent.click(screen.getByRole('tab', { name: 'Collections' }));
    await screen.findByText('Nothing fell due in this period.');
    expect(router.state.location.search).toContain('report=collections');
    expect(router.state.location.search).toContain('gym=11');
    expect(screen.getByRole('link', { name: 'At risk' }).getAttribute('href')).toBe('/reports/at-risk');
  });

  it('tells staff who may not see money that the reports are for admins', async () => {
    mockApi({ 'GET /api/me': { body: { data: trainer } } });
    renderSite('staff', '/reports');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Only admins see reports')).toBeTruthy();
  });
});
