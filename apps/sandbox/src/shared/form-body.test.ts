import { describe, expect, it } from 'vitest';
import { parseForm, splitKey } from './form-body';

describe('parseForm (Stripe bracket notation)', () => {
  it('nests objects and builds arrays from indexes and []', () => {
    expect(
      parseForm(
        'amount=2590&card[exp_month]=12&card[number]=4242&expand[0]=latest_charge&expand[1]=customer&types[]=card',
      ),
    ).toEqual({
      amount: '2590',
      card: { exp_month: '12', number: '4242' },
      expand: ['latest_charge', 'customer'],
      types: ['card'],
    });
  });

  it('keeps metadata keys as given, even numeric or bracketed', () => {
    expect(parseForm('metadata[0]=a&metadata[1]=b')).toEqual({ metadata: { '0': 'a', '1': 'b' } });
    expect(parseForm('metadata[period[start]]=2026-01-05')).toEqual({
      metadata: { 'period[start]': '2026-01-05' },
    });
  });

  it('decodes + and percent escapes, and ignores prototype keys', () => {
    expect(parseForm('name=Jane+Member&note=50%25%20off&__proto__[x]=1&a[__proto__]=2')).toEqual({
      name: 'Jane Member',
      note: '50% off',
      a: {},
    });
  });

  it('splits keys', () => {
    expect(splitKey('a')).toEqual(['a']);
    expect(splitKey('a[b][]')).toEqual(['a', 'b', '']);
    expect(splitKey('a[b]x')).toEqual(['a[b]x']);
  });
});
