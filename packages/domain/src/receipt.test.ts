import { describe, expect, it } from 'vitest';
import { taxableSupply } from './receipt';

const base = {
  supplierName: 'Demo Fitness Limited',
  gstNumber: '123-456-789',
  paidAt: new Date('2026-03-04T22:00:00Z'),
  description: 'Membership, 5 Mar 2026 to 11 Mar 2026',
  recipient: { name: 'Aroha Ngata', address: '1 Queen Street, Auckland 1010' },
};

describe('taxable supply information', () => {
  it('names the supplier, the date on the Auckland calendar, the total and the GST in it', () => {
    const facts = taxableSupply({ ...base, total: 4_600 });
    expect(facts.gst).toBe(600);
    expect(facts.recipient).toBeNull();
    expect(facts.lines).toEqual([
      'Supplier: Demo Fitness Limited',
      'GST number: 123-456-789',
      'Date: Thursday, 5 March 2026',
      'Description: Membership, 5 Mar 2026 to 11 Mar 2026',
      'Total including GST: $46.00',
      'GST included: $6.00',
    ]);
  });

  it('adds the recipient’s name and address above $1,000', () => {
    expect(taxableSupply({ ...base, total: 100_000 }).recipient).toBeNull();
    const facts = taxableSupply({ ...base, total: 120_000 });
    expect(facts.lines.at(-1)).toBe('Recipient: Aroha Ngata, 1 Queen Street, Auckland 1010');
  });

  it('claims no GST for a supplier without a GST number', () => {
    const facts = taxableSupply({ ...base, gstNumber: null, total: 4_600 });
    expect(facts.gst).toBe(0);
    expect(facts.lines).toContain('GST number: not registered for GST');
  });
});
