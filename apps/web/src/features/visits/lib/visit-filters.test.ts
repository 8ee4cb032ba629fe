import { describe, expect, it } from 'vitest';
import { apiFilters, filtersFromSearch, isFiltered, withFilters } from './visit-filters';

describe('visit filters in the address', () => {
  it('reads the filters and turns them into the API’s', () => {
    const f = filtersFromSearch(
      new URLSearchParams('gym=2&result=refused&from=2026-04-01&to=2026-04-03&member=9&page=2'),
    );
    expect(apiFilters(f)).toEqual({
      gym_id: 2,
      successful: false,
      from: '2026-04-01',
      to: '2026-04-03',
      user_id: 9,
    });
    expect(f.page).toBe(2);
    expect(isFiltered(filtersFromSearch(new URLSearchParams('result=maybe&gym=x')))).toBe(false);
  });

  it('starts again at page 1 when a filter changes', () => {
    expect(withFilters(new URLSearchParams('gym=2&page=3'), { result: 'allowed' }).toString()).toBe(
      'gym=2&result=allowed',
    );
  });
});
