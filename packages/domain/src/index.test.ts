import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('@gym/domain', () => {
  it('exports the rules of every module', () => {
    for (const name of [
      'todayInAuckland',
      'formatMoney',
      'proRata',
      'periodEnd',
      'priceDerivedFields',
      'priceInputSchema',
      'offeringInputSchema',
      'cardColour',
      'pauseOutcome',
      'nextRetryDate',
      'breakFee',
      'isValidNzBankAccount',
      'roleLabel',
      'confidenceLabel',
    ]) {
      expect(domain).toHaveProperty(name);
    }
  });

  it('re-exports every source module', () => {
    const modules = readdirSync(new URL('.', import.meta.url))
      .filter(
        (f) =>
          f.endsWith('.ts') && !f.endsWith('.test.ts') && !['index.ts', 'test-arbitraries.ts'].includes(f),
      )
      .map((f) => f.replace(/\.ts$/, ''));
    expect(modules.length).toBeGreaterThan(10);
    return import('./index').then(async (index) => {
      for (const module of modules) {
        const exports = await import(`./${module}.ts`);
        for (const key of Object.keys(exports)) expect(index, `${module}.${key}`).toHaveProperty(key);
      }
    });
  });
});
