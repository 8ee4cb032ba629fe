import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AT_RISK_RULES,
  atRiskReasons,
  atRiskWindow,
  followUpPeriod,
  stayedInWords,
  visitsFellAway,
  weeklyRateInWords,
} from './at-risk';
import { calendarDate, daysBetween } from './calendar-date';
import { calendarDateArb } from './test-arbitraries';

const d = calendarDate;
const quiet = { baselineVisits: 0, recentVisits: 0, pausedOn: null, failedPayment: null };

describe('at risk', () => {
  it('reads the 28 days before the last 14', () => {
    expect(atRiskWindow(d('2026-11-27'))).toEqual({
      baselineFrom: '2026-10-17',
      recentFrom: '2026-11-14',
      through: '2026-11-27',
    });
  });

  it('explains visits that fell away', () => {
    const window = atRiskWindow(d('2026-11-27'));
    expect(atRiskReasons({ ...quiet, baselineVisits: 12, recentVisits: 1 }, window)).toEqual([
      {
        kind: 'visits_fell',
        text: 'Visited 3 times a week from 17 October to 13 November, once since 14 November',
      },
    ]);
    expect(atRiskReasons({ ...quiet, baselineVisits: 4, recentVisits: 0 }, window)[0]?.text).toBe(
      'Visited once a week from 17 October to 13 November, not once since 14 November',
    );
  });

  it('a regular who still comes at half their rate is at risk; above it is not', () => {
    // 8 in 4 weeks is twice a week; 2 in 2 weeks is once a week, the half.
    expect(visitsFellAway(8, 2)).toBe(true);
    expect(visitsFellAway(8, 3)).toBe(false);
    // Fewer than once a week before: not a regular, not at risk by visits.
    expect(visitsFellAway(3, 0)).toBe(false);
  });

  it('explains a pause and a failed payment, paid since or not', () => {
    const window = atRiskWindow(d('2026-11-27'));
    const reasons = atRiskReasons(
      {
        ...quiet,
        pausedOn: d('2026-11-20'),
        failedPayment: { on: d('2026-11-16'), amount: 5500, paidSince: false },
      },
      window,
    );
    expect(reasons.map((r) => r.text)).toEqual([
      'Paused their membership on 20 November',
      'A payment of $55.00 failed on 16 November, still unpaid',
    ]);
    expect(
      atRiskReasons(
        { ...quiet, failedPayment: { on: d('2026-11-16'), amount: 5500, paidSince: true } },
        window,
      )[0]?.text,
    ).toBe('A payment of $55.00 failed on 16 November, paid since');
  });

  it('writes weekly rates to the nearest half', () => {
    expect(weeklyRateInWords(12, 28)).toBe('3 times a week');
    expect(weeklyRateInWords(8, 28)).toBe('twice a week');
    expect(weeklyRateInWords(10, 28)).toBe('2.5 times a week');
    expect(weeklyRateInWords(1, 28)).toBe('less than once a week');
  });

  it('follow-up: contacts a month or two ago, against the list of a month ago', () => {
    expect(followUpPeriod(d('2026-11-27'))).toEqual({ contactsFrom: '2026-09-29', asOf: '2026-10-28' });
    expect(stayedInWords(3, 4)).toBe('3 of 4 (75%)');
    expect(stayedInWords(0, 0)).toBe('0 of 0');
  });

  it('property: nobody is at risk by visits who comes at least as often as before', () => {
    fc.assert(
      fc.property(fc.nat(60), fc.nat(60), (baseline, extra) => {
        const recent =
          Math.ceil((baseline * AT_RISK_RULES.RECENT_DAYS) / AT_RISK_RULES.BASELINE_DAYS) + extra;
        return !visitsFellAway(baseline, recent) || (baseline === 0 && recent === 0);
      }),
    );
  });

  it('property: fewer visits since never makes a member safer', () => {
    fc.assert(
      fc.property(fc.nat(60), fc.nat(30), fc.nat(30), (baseline, a, b) => {
        const [fewer, more] = a <= b ? [a, b] : [b, a];
        return !visitsFellAway(baseline, more) || visitsFellAway(baseline, fewer);
      }),
    );
  });

  it('property: a member with nothing recorded is never at risk, and every reason has words', () => {
    fc.assert(
      fc.property(
        calendarDateArb(),
        fc.nat(60),
        fc.nat(30),
        fc.boolean(),
        (today, baseline, recent, paused) => {
          const window = atRiskWindow(today);
          expect(daysBetween(window.baselineFrom, window.through)).toBe(
            AT_RISK_RULES.BASELINE_DAYS + AT_RISK_RULES.RECENT_DAYS - 1,
          );
          expect(atRiskReasons(quiet, window)).toEqual([]);
          const reasons = atRiskReasons(
            {
              baselineVisits: baseline,
              recentVisits: recent,
              pausedOn: paused ? today : null,
              failedPayment: null,
            },
            window,
          );
          for (const r of reasons) expect(r.text.length).toBeGreaterThan(10);
          expect(reasons.some((r) => r.kind === 'paused')).toBe(paused);
        },
      ),
    );
  });
});
