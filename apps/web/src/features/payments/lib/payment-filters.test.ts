import { describe, expect, it } from 'vitest';
import { apiFilters, filtersFromSearch, isFiltered, withFilters } from './payment-filters';

describe('payment filters in the address', () => {
  it('reads every filter and ignores unknown values', () => {
    const f = filtersFromSearch(
      new URLSearchParams(
        'status=failed&from=2026-03-01&to=2026-03-31&gym=2&type=stripe_card&retry=true&pro_rata=false&member=7&page=3&payment=41',
      ),
    );
    expect(f).toEqual({
      status: 'failed',
      from: '2026-03-01',
      to: '2026-03-31',
      gymId: 2,
      type: 'stripe_card',
      retry: true,
      proRata: false,
      memberId: 7,
      page: 3,
      paymentId: 41,
    });
    expect(apiFilters(f)).toEqual({
      status: 'failed',
      from: '2026-03-01',
      to: '2026-03-31',
      gym_id: 2,
      type: 'stripe_card',
      is_retry: true,
      is_pro_rata: false,
      user_id: 7,
    });
    const junk = filtersFromSearch(
      new URLSearchParams('status=bounced&from=2026-02-30&gym=x&retry=maybe&page=-1'),
    );
    expect(isFiltered(junk)).toBe(false);
    expect(junk.page).toBe(1);
  });

  it('starts again at page 1 when a filter changes, but not when a payment opens', () => {
    const params = new URLSearchParams('status=failed&page=4');
    expect(withFilters(params, { gym: '3' }).toString()).toBe('status=failed&gym=3');
    expect(withFilters(params, { payment: '9' }).toString()).toBe('status=failed&page=4&payment=9');
    expect(withFilters(params, { status: '' }).toString()).toBe('');
  });
});
