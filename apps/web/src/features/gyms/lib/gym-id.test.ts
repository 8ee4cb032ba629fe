import { describe, expect, it } from 'vitest';
import { gymIdOf } from './gym-id';

describe('the gym id of an address', () => {
  it('is a positive whole number', () => {
    expect(gymIdOf('42')).toBe(42);
  });

  it.each([undefined, '', '0', '-3', '4.5', 'abc', '1e3', '9999999999999999'])('is null for %s', (param) => {
    expect(gymIdOf(param)).toBeNull();
  });
});
