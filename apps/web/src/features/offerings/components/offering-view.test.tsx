import '@/testing/browser-apis';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { trainer } from '@/testing/users';
import { buildOffering, buildPrice } from '../testing/build-offering';
import { catalogueApi } from '../testing/catalogue-api';

// Each test renders the whole site with a lazily loaded screen: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the offering page', () => {
  it('shows the details, opening hours and prices as the server words them', async () => {
    const term = buildPrice({
      id: 502,
      amount: 7900,
      formatted_amount: '$79.00',
      billing_frequency: 'monthly',
      billing_frequency_label: 'Monthly',
      formatted_term: '12 months',
      is_term_membership: true,
      formatted_total_value: '$948.00',
    });
    mockApi(
      catalogueApi({
        'GET /api/offerings/301': { body: { data: buildOffering({ prices: [term, buildPrice()] }) } },
      }),
    );
    renderSite('staff', '/offerings/301');
    expect(await screen.findByRole('heading', { name: 'Early Birds', level: 1 })).toBeTruthy();
    // The tab is named after the offering, not 'Offering'.
    await waitFor(() => expect(document.title.startsWith('Early Birds · ')).toBe(true));
    const hours = screen.getByRole('table', { name: 'Opening hours' });
    expect(within(hours).getByRole('row', { name: 'Monday 6:00 am 10:00 am' })).toBeTruthy();
    const cards = screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby'));
    expect(cards.map((id) => document.getElementById(id ?? '')?.textContent)).toEqual([
      '$19.50 weekly',
      '$79.00 monthly',
    ]);
    const monthly = screen.getByRole('article', { name: '$79.00 monthly' });
    expect(monthly.textContent).toContain('$948.00');
    expect(within(monthly).getByText('Initial term')).toBeTruthy();
  });

  it('offers trainers no changes', async () => {
    mockApi(
      catalogueApi({
        'GET /api/me': { body: { data: trainer } },
        'GET /api/offerings/301': { body: { data: buildOffering() } },
      }),
    );
    renderSite('staff', '/offerings/301');
    const card = await screen.findByRole('article', { name: '$19.50 weekly' });
    expect(within(card).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Edit offering' })).toBeNull();
  });

  it('says so when there is no such offering', async () => {
    mockApi(
      catalogueApi({
        'GET /api/offerings/999': {
          status: 404,
          body: { message: 'Offering not found.', error: 'not_found' },
        },
      }),
    );
    renderSite('staff', '/offerings/999');
    expect(await screen.findByRole('heading', { name: 'Offering not found', level: 1 })).toBeTruthy();
    cleanup();
    renderSite('staff', '/offerings/not-a-number');
    expect(await screen.findByRole('heading', { name: 'Offering not found', level: 1 })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to offerings' })).toBeTruthy());
  });
});
