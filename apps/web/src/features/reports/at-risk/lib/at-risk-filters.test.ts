import { describe, expect, it } from 'vitest';
import { filtersFromSearch, withFilters } from './at-risk-filters';

describe('at-risk filters in the address', () => {
  it('reads the gym and page, ignoring what is not a whole number', () => {
    expect(filtersFromSearch(new URLSearchParams('gym=2&page=3'))).toEqual({ gymId: 2, page: 3 });
    expect(filtersFromSearch(new URLSearchParams('gym=x&page=-1'))).toEqual({ gymId: null, page: 1 });
  });

  it('starts again at page 1 when the gym changes, and leaves page 1 out', () => {
    expect(withFilters(new URLSearchParams('gym=2&page=3'), { gym: '4' }).toString()).toBe('gym=4');
    expect(withFilters(new URLSearchParams('gym=2'), { page: '1' }).toString()).toBe('gym=2');
    expect(withFilters(new URLSearchParams('page=2'), { gym: '' }).toString()).toBe('');
  });
});
