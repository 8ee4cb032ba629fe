import '@/testing/browser-apis';
import type { Balance } from '@gym/domain/api/subscriptions';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderPart } from '@/testing/render-part';
import { organisationAdmin } from '@/testing/users';
import { ManualPaymentDialog } from './manual-payment-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const charge = (id: number, periodStart: string, cumulative: number): Balance['payable'][number] => ({
  id,
  kind: 'period',
  period_start: periodStart,
  period_end: null,
  total: 2100,
  formatted_total: '$21.00',
  collected: 0,
  remainder: 2100,
  formatted_remainder: '$21.00',
  cumulative,
  formatted_cumulative: `$${(cumulative / 100).toFixed(2)}`,
});

const open = (balance: Balance) => {
  mockApi({ 'GET /api/subscriptions/7/balance': { body: { data: balance } } });
  renderPart(<ManualPaymentDialog subscriptionId={7} opened onClose={() => {}} />, { me: organisationAdmin });
};

describe('recording a payment at the desk', () => {
  it('chooses the only amount already, and writes the date the New Zealand way', async () => {
    open({
      balance_owing: 2100,
      formatted_balance_owing: '$21.00',
      payable: [charge(1, '2026-11-14', 2100)],
      payable_total: 2100,
      formatted_payable_total: '$21.00',
      in_flight: [],
    });
    const only = await screen.findByRole('radio', {
      name: '$21.00: up to and including the period from 14 Nov 2026 ($21.00)',
    });
    expect((only as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText(/Nothing will be owed/)).toBeTruthy();
  });

  it('asks for a choice among several, and counts one payment in flight as one', async () => {
    open({
      balance_owing: 6300,
      formatted_balance_owing: '$63.00',
      payable: [charge(1, '2026-11-07', 2100), charge(2, '2026-11-14', 4200)],
      payable_total: 4200,
      formatted_payable_total: '$42.00',
      in_flight: [charge(3, '2026-11-21', 2100)],
    });
    const amounts = await screen.findAllByRole('radio', { name: /^\$/ });
    expect(amounts.map((r) => (r as HTMLInputElement).checked)).toEqual([false, false]);
    expect(screen.getByRole('radio', { name: 'Other amount' })).toBeTruthy();
    expect(screen.getByText(/^1 payment is still with the bank/)).toBeTruthy();
  });

  it('takes another amount up to what is owed, and says what will still be owing', async () => {
    open({
      balance_owing: 4200,
      formatted_balance_owing: '$42.00',
      payable: [charge(1, '2026-11-07', 2100), charge(2, '2026-11-14', 4200)],
      payable_total: 4200,
      formatted_payable_total: '$42.00',
      in_flight: [],
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Other amount' }));
    const input = screen.getByRole('textbox', { name: 'Other amount (NZD)' });
    fireEvent.change(input, { target: { value: '42.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(
      await screen.findByText('The amount can be at most $42.00, which is everything owed.'),
    ).toBeTruthy();
    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(
      await screen.findByText('$12.00 will still be owing: grace continues until everything is paid.'),
    ).toBeTruthy();
  });
});
