import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payeeName, statementText } from './bank-statement';

describe('statementText', () => {
  it('folds macrons and drops what a statement cannot carry', () => {
    expect(statementText('Kōwhai Fitness')).toBe('Kowhai Fitne');
    expect(statementText('M42')).toBe('M42');
    expect(statementText("O'Brien & Co.")).toBe('O Brien Co');
  });
  it('always gives at most 12 allowed characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(statementText(text)).toMatch(/^[A-Za-z0-9 _-]{0,12}$/);
      }),
    );
  });
});

describe('payeeName', () => {
  it('keeps a plain name and folds a gym name with a macron and a full stop', () => {
    expect(payeeName('Southern Strength Ltd')).toBe('Southern Strength Ltd');
    expect(payeeName('Kōwhai Fitness Ltd.')).toBe('Kowhai Fitness Ltd');
  });
  it('is never empty and always allowed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (name) => {
        expect(payeeName(name)).toMatch(/^[A-Za-z0-9 _-]{1,255}$/);
      }),
    );
  });
});
