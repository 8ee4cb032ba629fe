import '@/testing/browser-apis';
import { todayInAuckland } from '@gym/domain';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { buildPrice } from '../testing/build-offering';
import { catalogueApi } from '../testing/catalogue-api';

// Each test renders the whole site with a lazily loaded screen: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const monthly = buildPrice({
  id: 10,
  offering: { id: 1, name: 'All Clubs 24/7' },
  amount: 6000,
  formatted_amount: '$60.00',
  billing_frequency: 'monthly',
  billing_frequency_label: 'Monthly',
});
const oneOff = buildPrice({ id: 11, billing_frequency: 'one_off', billing_frequency_label: 'One-off' });
const prices = {
  body: { data: [monthly, oneOff], meta: { current_page: 1, per_page: 100, total: 2, last_page: 1 } },
};

const answer = {
  price_id: 10,
  start_date: '2026-03-05',
  billing_date: '2026-03-20',
  period_start: '2026-02-20',
  period_end: '2026-03-20',
  period_days: 28,
  remaining_days: 15,
  full_amount: 6000,
  formatted_full_amount: '$60.00',
  amount: 3214,
  formatted_amount: '$32.14',
  joining_fee: 0,
  formatted_joining_fee: '$0.00',
  first_payment: 3214,
  formatted_first_payment: '$32.14',
  explanation:
    "$32.14 for 15 of the period's 28 days (5 Mar 2026 to 19 Mar 2026); the full $60.00 from 20 Mar 2026",
};

async function choosePrice() {
  const select = await screen.findByRole('combobox', { name: /^Price/ });
  await vi.waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
  fireEvent.click(select);
  // Mantine's dropdown counts as hidden in jsdom (no layout).
  const option = await screen.findByRole('option', { name: '$60.00 monthly', hidden: true });
  expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(1);
  fireEvent.click(option);
}

describe('the pro-rata calculator', () => {
  it('asks the server for a price and start date and shows the amount with its working', async () => {
    const api = mockApi(
      catalogueApi({
        'GET /api/organisations/1/prices': prices,
        'POST /api/prices/10/pro-rata': { body: { data: answer } },
      }),
    );
    renderSite('staff', '/calculate-pro-rata');
    await choosePrice();
    fireEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    const result = await screen.findByRole('region', { name: 'Pro-rata amount: $32.14' });
    expect(result.textContent).toContain(answer.explanation);
    expect(within(result).getByText('15 of 28')).toBeTruthy();
    expect(within(result).getByText('20 Feb 2026 to 20 Mar 2026')).toBeTruthy();
    expect(api.callsTo('POST /api/prices/10/pro-rata')).toEqual([
      { start_date: todayInAuckland(new Date()), billing_date: null },
    ]);
  });

  it("needs a price, and shows the server's message beside the date it is about", async () => {
    const tooFar = 'The billing date must be within one billing period of the start date';
    const api = mockApi(
      catalogueApi({
        'GET /api/organisations/1/prices': prices,
        'POST /api/prices/10/pro-rata': {
          status: 422,
          body: { message: tooFar, error: 'validation_failed', errors: { billing_date: [tooFar] } },
        },
      }),
    );
    renderSite('staff', '/calculate-pro-rata');
    await screen.findByRole('combobox', { name: /^Price/ });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText('Value is required')).toBeTruthy();
    expect(api.callsTo('POST /api/prices/10/pro-rata')).toEqual([]);
    await choosePrice();
    fireEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText(tooFar)).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Pro-rata amount/ })).toBeNull();
  });
});
