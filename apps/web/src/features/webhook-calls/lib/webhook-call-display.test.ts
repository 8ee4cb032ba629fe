import { describe, expect, it } from 'vitest';
import { headerEntries, prettyBody, providerLabel, remarkOf, statusBadge } from './webhook-call-display';

describe('how a webhook call reads', () => {
  it('names providers, and shows ones it does not know as sent', () => {
    expect(providerLabel('akahu')).toBe('Akahu');
    expect(providerLabel('stripe')).toBe('Stripe');
    expect(providerLabel('kisi')).toBe('Kisi');
    expect(providerLabel('xero')).toBe('Xero');
  });

  it('colours each status, with a neutral colour for others', () => {
    expect(statusBadge('processed')).toEqual({ label: 'Processed', color: 'green' });
    expect(statusBadge('duplicate')).toEqual({ label: 'Duplicate', color: 'gray' });
    expect(statusBadge('rejected')).toEqual({ label: 'Rejected', color: 'orange' });
    expect(statusBadge('failed')).toEqual({ label: 'Failed', color: 'red' });
    expect(statusBadge('ignored')).toEqual({ label: 'Ignored', color: 'blue' });
  });

  it('shows the error of a refused call, else the note of a taken one', () => {
    expect(remarkOf({ error: 'invalid_signature: no match', note: null })).toEqual({
      kind: 'error',
      text: 'invalid_signature: no match',
    });
    expect(remarkOf({ error: null, note: 'not acted on' })).toEqual({ kind: 'note', text: 'not acted on' });
    expect(remarkOf({ error: null, note: null })).toBeNull();
  });

  it('indents a JSON body; no body when none was kept', () => {
    expect(prettyBody({ id: 'evt_1', data: { object: { amount: 500 } } })).toBe(
      '{\n  "id": "evt_1",\n  "data": {\n    "object": {\n      "amount": 500\n    }\n  }\n}',
    );
    expect(prettyBody([1, 2])).toBe('[\n  1,\n  2\n]');
    expect(prettyBody('plain text')).toBe('plain text');
    expect(prettyBody(false)).toBe('false');
    expect(prettyBody(null)).toBeNull();
    expect(prettyBody(undefined)).toBeNull();
  });

  it('lists headers by name', () => {
    expect(headerEntries({ 'user-agent': 'Stripe/1.0', 'content-type': 'application/json' })).toEqual([
      ['content-type', 'application/json'],
      ['user-agent', 'Stripe/1.0'],
    ]);
    expect(headerEntries({})).toEqual([]);
  });
});
