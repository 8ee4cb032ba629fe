import { describe, expect, it } from 'vitest';
import { idFrom } from './route-id';

describe('idFrom', () => {
  it('reads positive whole numbers', () => {
    expect(idFrom('42')).toBe(42);
  });

  it('refuses anything else', () => {
    for (const text of [undefined, '', '0', '-3', '4.5', '12abc', 'create', '1e3', '9999999999999999']) {
      expect(idFrom(text)).toBeNull();
    }
  });
});
