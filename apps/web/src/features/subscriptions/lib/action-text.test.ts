import { describe, expect, it } from 'vitest';
import { cancelSentences, pauseSentences, startEarlySentences } from './action-text';

describe('what an action will do, in words', () => {
  it('says a pause from today stops door access now and credits the paid days', () => {
    const lines = pauseSentences({
      start_date: '2026-03-05',
      end_date: '2026-03-19',
      days: 14,
      credit_days: 4,
      next_charge_date: '2026-03-23',
      moves_start_date: false,
      starts_today: true,
    });
    expect(lines).toEqual([
      'Paused from 5 Mar 2026; back on 19 Mar 2026 (14 days).',
      'Door access ends now and comes back on the first day back.',
      'No payment falls due during the pause.',
      '4 paid days inside the pause are credited.',
      'The next payment is on 23 Mar 2026.',
    ]);
  });

  it('says a flexi cancellation keeps access to the end of the paid period and can be undone', () => {
    const lines = cancelSentences({
      kind: 'flexi',
      ends_on: '2026-03-10',
      refund: 0,
      formatted_refund: '$0.00',
      refund_method: null,
      break_fee: 0,
      formatted_break_fee: '$0.00',
      remaining_term_value: 0,
      formatted_remaining_term_value: '$0.00',
      undo_until: '2026-03-09T11:00:00.000Z',
    });
    expect(lines[0]).toBe(
      'Door access continues until the end of 9 Mar 2026; nothing more is charged after that.',
    );
    expect(lines[1]).toMatch(/^It can be undone until /);
  });

  it('says a cooling-off cancellation refunds by bank transfer and is final', () => {
    const lines = cancelSentences({
      kind: 'cooling_off',
      ends_on: '2026-03-05',
      refund: 1500,
      formatted_refund: '$15.00',
      refund_method: 'bank_transfer_by_gym',
      break_fee: 0,
      formatted_break_fee: '$0.00',
      remaining_term_value: 0,
      formatted_remaining_term_value: '$0.00',
      undo_until: null,
    });
    expect(lines).toContain('This cannot be undone.');
    expect(lines[1]).toMatch(/^\$15\.00 for the unused days is refunded by the gym/);
  });

  it('says why a membership cannot start early', () => {
    expect(
      startEarlySentences({
        can_start_early: false,
        reason: 'This membership has already started.',
        start_date: '2026-03-05',
        new_start_date: '2026-03-05',
        days_brought_forward: 0,
        pro_rata_amount: 0,
        joining_fee: 0,
        surcharge: 0,
        total: 0,
        formatted_total: '$0.00',
        explanation: null,
        next_charge_date: '2026-03-05',
        payment_method: null,
      }),
    ).toEqual(['This membership has already started.']);
  });
});
