import { describe, expect, it } from 'vitest';
import {
  debtorsQuery,
  exportQuery,
  forecastQuery,
  monthLabel,
  monthlyQuery,
  readReportParams,
} from './report-params';

const read = (query: string) => readReportParams(new URLSearchParams(query));

describe('readReportParams', () => {
  it('reads every filter from the address', () => {
    const p = read('report=debtors&gym=3&from=2026-01&to=2026-06&bucket=15_30&page=2&days=14');
    expect(p).toEqual({
      report: 'debtors',
      gymId: 3,
      from: '2026-01',
      to: '2026-06',
      bucket: '15_30',
      page: 2,
      days: 14,
    });
    expect(debtorsQuery(p)).toEqual({ gym_id: 3, bucket: '15_30', page: 2 });
    expect(monthlyQuery(p)).toEqual({ gym_id: 3, from: '2026-01', to: '2026-06' });
    expect(forecastQuery(p)).toEqual({ gym_id: 3, days: 14 });
    expect(exportQuery(p)).toEqual({ gym_id: 3 });
  });

  it('leaves out what it cannot read, so the server’s defaults apply', () => {
    expect(read('report=nope&gym=-1&from=2026-13&to=May&bucket=old&page=0&days=9')).toEqual({
      report: 'recurring-revenue',
      gymId: null,
      from: null,
      to: null,
      bucket: null,
      page: 1,
      days: 30,
    });
    expect(read('from=2026-06&to=2026-01')).toMatchObject({ from: null, to: null });
    expect(monthlyQuery(read(''))).toEqual({});
  });
});

it('names a month', () => {
  expect(monthLabel('2026-03')).toMatch(/Mar.*2026/);
});
