import { describe, expect, it } from 'vitest';
import { apiFilters, filtersFromSearch, isFiltered, withFilters } from './member-filters';

describe('member filters in the address', () => {
  it('reads every filter, and unknown values as none', () => {
    const f = filtersFromSearch(
      new URLSearchParams(
        'search=mere&state=paused&gym=2&offering=3&price=4&tag=vip&owing=true&online=cancelled&inactive=30&from=2026-01-01&to=2026-03-31&sort=last_visit&direction=desc&page=2',
      ),
    );
    expect(f).toEqual({
      search: 'mere',
      state: 'paused',
      gymId: 2,
      offeringId: 3,
      priceId: 4,
      tag: 'vip',
      owing: true,
      cancelledOnline: true,
      inactiveDays: 30,
      joinedFrom: '2026-01-01',
      joinedTo: '2026-03-31',
      sort: 'last_visit',
      direction: 'desc',
      page: 2,
    });
    const junk = filtersFromSearch(
      new URLSearchParams('state=frozen&gym=-1&inactive=99999&from=2026-02-30&sort=height&page=0'),
    );
    expect(junk).toMatchObject({
      state: null,
      gymId: null,
      inactiveDays: null,
      joinedFrom: null,
      sort: 'name',
      page: 1,
    });
    expect(isFiltered(junk)).toBe(false);
    expect(isFiltered(f)).toBe(true);
  });

  it('names them as the API does, dropping a joined-to before joined-from', () => {
    const f = filtersFromSearch(new URLSearchParams('owing=true&from=2026-03-01&to=2026-02-01&gym=7'));
    expect(apiFilters(f)).toEqual({
      search: undefined,
      state: undefined,
      gym_id: 7,
      offering_id: undefined,
      price_id: undefined,
      tag: undefined,
      owing: 'true',
      inactive_days: undefined,
      joined_from: '2026-03-01',
      joined_to: undefined,
      sort: 'name',
      direction: 'asc',
    });
  });

  it('starts again at page 1 when a filter changes, not when the page does', () => {
    const params = new URLSearchParams('state=grace&page=3');
    expect(withFilters(params, { page: '4' }).toString()).toBe('state=grace&page=4');
    expect(withFilters(params, { tag: 'vip' }).toString()).toBe('state=grace&tag=vip');
    expect(withFilters(params, { state: '' }).toString()).toBe('');
  });
});
