import '@/testing/browser-apis';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { trainer } from '@/testing/users';
import { buildOffering } from '../testing/build-offering';
import { catalogueApi } from '../testing/catalogue-api';

// Each test renders the whole site with a lazily loaded screen: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const meta = (total: number, page = 1) => ({
  current_page: page,
  per_page: 25,
  total,
  last_page: Math.ceil(total / 25) || 1,
});

describe('the offerings list', () => {
  it('shows type labels, gyms and price counts, and pages through', async () => {
    const allClubs = buildOffering({
      id: 1,
      name: 'All Clubs',
      type: '24_7',
      type_label: '24/7',
      all_gyms_access: true,
      gyms: [],
      prices_count: 6,
    });
    const offPeak = buildOffering({ id: 2, name: 'Off-Peak', prices_count: 2 });
    const api = mockApi(
      catalogueApi({
        'GET /api/offerings': ({ url }) => ({
          body: {
            data: url.searchParams.get('page') === '2' ? [offPeak] : [allClubs],
            meta: meta(26, Number(url.searchParams.get('page'))),
          },
        }),
      }),
    );
    renderSite('staff', '/offerings');
    const table = await screen.findByRole('table', { name: 'Offerings on sale' });
    expect(within(table).getByRole('row', { name: 'All Clubs 24/7 All gyms 6 On sale' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(
      await within(table).findByRole('row', { name: 'Off-Peak Limited Hours Ponsonby 2 On sale' }),
    ).toBeTruthy();
    expect(
      api.fetchMock.mock.calls.map(([input]) => String(input)).filter((u) => u.startsWith('/api/offerings')),
    ).toEqual([
      '/api/offerings?page=1&per_page=25&archived=false',
      '/api/offerings?page=2&per_page=25&archived=false',
    ]);
  });

  it('shows an empty state with a way to make the first offering', async () => {
    mockApi(catalogueApi({ 'GET /api/offerings': { body: { data: [], meta: meta(0) } } }));
    const { router } = renderSite('staff', '/offerings');
    expect(await screen.findByText('No offerings yet')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'New offering' });
    fireEvent.click(links[links.length - 1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/offerings/create'));
  });

  it('filters archived offerings through the address', async () => {
    const api = mockApi(catalogueApi({ 'GET /api/offerings': { body: { data: [], meta: meta(0) } } }));
    const { router } = renderSite('staff', '/offerings');
    fireEvent.click(await screen.findByRole('switch', { name: /Show archived/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?archived=true'));
    expect(await screen.findByText('No archived offerings here.')).toBeTruthy();
    expect(api.callsTo('GET /api/offerings')).toHaveLength(2);
  });

  it("shows the server's message when the list cannot load", async () => {
    mockApi(
      catalogueApi({
        'GET /api/offerings': { status: 403, body: { message: 'Not yours.', error: 'forbidden' } },
      }),
    );
    renderSite('staff', '/offerings');
    expect((await screen.findByRole('alert')).textContent).toContain('Not yours.');
  });
});

describe('what a trainer is offered', () => {
  it('no New offering button, and the create screen explains instead of showing a form', async () => {
    mockApi(
      catalogueApi({
        'GET /api/me': { body: { data: trainer } },
        'GET /api/offerings': { body: { data: [buildOffering({ id: 1 })], meta: meta(1) } },
      }),
    );
    const { router } = renderSite('staff', '/offerings');
    expect(await screen.findByRole('heading', { name: 'Offerings' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Early Birds' });
    expect(screen.queryByRole('link', { name: 'New offering' })).toBeNull();
    await router.navigate('/offerings/create');
    expect(await screen.findByText('Only admins change offerings')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New offering' })).toBeNull();
  });
});
