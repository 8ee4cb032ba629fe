import type { CalendarDate } from '@gym/domain/calendar-date';
import { describe, expect, it } from 'vitest';
import { filtersFromSearch, fitRange, queryOf, rangeOf, withFilters } from './expected-payment-filters';

const d = (text: string) => text as CalendarDate;

describe('the expected payments filters', () => {
  it('read the address, ignoring what they do not know', () => {
    expect(
      filtersFromSearch(
        new URLSearchParams('from=2026-03-01&to=2026-03-20&gym=12&drift=true&status=failed&page=3'),
      ),
    ).toEqual({
      from: '2026-03-01',
      to: '2026-03-20',
      gymId: 12,
      driftOnly: true,
      status: 'failed',
      page: 3,
    });
    expect(
      filtersFromSearch(new URLSearchParams('from=2026-02-30&to=soon&gym=x&drift=yes&status=odd&page=-1')),
    ).toEqual({ from: null, to: null, gymId: null, driftOnly: false, status: null, page: 1 });
  });

  it("take the 14 days either side of the app's today without dates, and wait for it", () => {
    const none = { from: null, to: null };
    expect(rangeOf(none, d('2026-03-05'))).toEqual({ from: '2026-02-19', to: '2026-03-19' });
    expect(rangeOf(none, null)).toBeNull();
    expect(rangeOf({ from: d('2026-03-01'), to: null }, null)).toEqual({
      from: '2026-03-01',
      to: '2026-03-29',
    });
    expect(rangeOf({ from: null, to: d('2026-03-29') }, null)).toEqual({
      from: '2026-03-01',
      to: '2026-03-29',
    });
    expect(
      queryOf({ from: null, to: null, gymId: 4, driftOnly: false, status: 'paid', page: 2 }, d('2026-03-05')),
    ).toEqual({ from: '2026-02-19', to: '2026-03-19', gymId: 4, driftOnly: false, status: 'paid', page: 2 });
  });

  it('keep a chosen range the server accepts, moving the other end', () => {
    expect(fitRange(d('2026-03-10'), d('2026-03-01'), 'from')).toEqual({
      from: '2026-03-10',
      to: '2026-03-10',
    });
    expect(fitRange(d('2026-03-10'), d('2026-03-01'), 'to')).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
    expect(fitRange(d('2026-01-01'), d('2026-06-01'), 'from')).toEqual({
      from: '2026-01-01',
      to: '2026-03-03',
    });
    expect(fitRange(d('2026-01-01'), d('2026-06-01'), 'to')).toEqual({
      from: '2026-04-01',
      to: '2026-06-01',
    });
    expect(fitRange(d('2026-03-01'), d('2026-03-20'), 'from')).toEqual({
      from: '2026-03-01',
      to: '2026-03-20',
    });
  });

  it('start again at page 1 when anything but the page changes', () => {
    const params = new URLSearchParams('from=2026-03-01&to=2026-03-20&page=3');
    expect(withFilters(params, { page: '4' }).toString()).toBe('from=2026-03-01&to=2026-03-20&page=4');
    expect(withFilters(params, { status: 'failed' }).toString()).toBe(
      'from=2026-03-01&to=2026-03-20&status=failed',
    );
    expect(withFilters(params, { from: '', to: '' }).toString()).toBe('');
  });
});
