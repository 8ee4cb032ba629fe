import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { failureExplanation, paymentsQuery } from './payments';

describe('failureExplanation', () => {
  it('puts known failures in plain words, whatever the provider calls them', () => {
    expect(failureExplanation('INSUFFICIENT_FUNDS', 'x')).toMatch(/not enough money/);
    expect(failureExplanation('lost_card', null)).toMatch(/lost or stolen/);
    expect(failureExplanation('AUTHENTICATION_FAILED', null)).toMatch(/AUTHENTICATION_FAILED/);
    expect(failureExplanation('WEIRD', 'Bank says no')).toBe('The provider said: Bank says no');
    expect(failureExplanation(null, null)).toBeNull();
  });

  it('always answers something for a failure', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.option(fc.string({ minLength: 1 })),
        (code, description) => {
          expect(failureExplanation(code, description)).toEqual(expect.any(String));
        },
      ),
    );
  });
});

describe('paymentsQuery', () => {
  it('reads the filters of the address and refuses a backwards or too long range', () => {
    expect(paymentsQuery.parse({ status: 'failed', is_retry: 'true', gym_id: '4' })).toMatchObject({
      status: 'failed',
      is_retry: true,
      gym_id: 4,
      page: 1,
      per_page: 25,
    });
    expect(paymentsQuery.safeParse({ from: '2026-03-10', to: '2026-03-01' }).success).toBe(false);
    expect(paymentsQuery.safeParse({ from: '2025-01-01', to: '2026-03-01' }).success).toBe(false);
    expect(paymentsQuery.safeParse({ from: '2025-03-02', to: '2026-03-01' }).success).toBe(true);
  });
});
