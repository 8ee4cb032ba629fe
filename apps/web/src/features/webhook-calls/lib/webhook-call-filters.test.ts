import { describe, expect, it } from 'vitest';
import { filtersFromSearch, isFiltered, withFilter } from './webhook-call-filters';

const search = (text: string) => new URLSearchParams(text);

describe('the webhook call filters in the address', () => {
  it('reads page, provider and status', () => {
    expect(filtersFromSearch(search('provider=kisi&status=failed&page=3'))).toEqual({
      page: 3,
      provider: 'kisi',
      status: 'failed',
    });
    expect(filtersFromSearch(search(''))).toEqual({ page: 1, provider: null, status: null });
  });

  it('reads values it does not know as no filter, and bad pages as the first', () => {
    expect(filtersFromSearch(search('provider=paypal&status=ignored&page=-2'))).toEqual({
      page: 1,
      provider: null,
      status: null,
    });
    expect(filtersFromSearch(search('page=1.5')).page).toBe(1);
    expect(filtersFromSearch(search('page=abc')).page).toBe(1);
  });

  it('starts again at page 1 when a filter changes, keeping the others', () => {
    const next = withFilter(search('provider=stripe&page=4&status=failed'), 'status', 'duplicate');
    expect(next.toString()).toBe('provider=stripe&status=duplicate');
    expect(withFilter(search('provider=stripe&page=4'), 'provider', '').toString()).toBe('');
  });

  it('turns pages and leaves page 1 out of the address', () => {
    expect(withFilter(search('status=failed'), 'page', '2').toString()).toBe('status=failed&page=2');
    expect(withFilter(search('status=failed&page=2'), 'page', '1').toString()).toBe('status=failed');
  });

  it('does not change the query it was given', () => {
    const before = search('provider=akahu&page=2');
    withFilter(before, 'provider', 'kisi');
    expect(before.toString()).toBe('provider=akahu&page=2');
  });

  it('knows when anything is filtered', () => {
    expect(isFiltered({ page: 2, provider: null, status: null })).toBe(false);
    expect(isFiltered({ page: 1, provider: 'akahu', status: null })).toBe(true);
    expect(isFiltered({ page: 1, provider: null, status: 'rejected' })).toBe(true);
  });
});
