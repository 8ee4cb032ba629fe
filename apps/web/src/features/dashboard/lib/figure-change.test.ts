import { describe, expect, it } from 'vitest';
import { changeColour, changeLabel } from './figure-change';

describe('figure changes', () => {
  it('says how a figure moved, and whether that is good', () => {
    expect(changeLabel(5, 3, String, 30)).toBe('+2 on the 30 days before');
    expect(changeLabel(3, 5, String, 7)).toBe('−2 on the 7 days before');
    expect(changeLabel(4, 4, String, 90)).toBe('±0 on the 90 days before');
    expect(changeColour(5, 3, true)).toBe('teal');
    expect(changeColour(5, 3, false)).toBe('red');
    expect(changeColour(3, 3, true)).toBe('dimmed');
  });
});
