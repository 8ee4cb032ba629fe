import { describe, expect, it } from 'vitest';
import { bulkFiltersFrom, bulkFiltersTo, previewBody } from './bulk-filters';

describe('bulk price change filters in the address', () => {
  it('read back what they wrote', () => {
    const params = new URLSearchParams(
      'price=12&gym=3&state=grace&search=aroha&new_price=15&date=2026-12-01&term=true&page=2&job=7',
    );
    const filters = bulkFiltersFrom(params);
    expect(filters).toEqual({
      priceId: 12,
      gymId: 3,
      offeringId: null,
      state: 'grace',
      search: 'aroha',
      newPriceId: 15,
      takesEffectAt: '2026-12-01',
      includeTermMembers: true,
      page: 2,
      jobId: 7,
    });
    expect(bulkFiltersFrom(bulkFiltersTo(filters))).toEqual(filters);
  });

  it('ignore values they do not know', () => {
    const filters = bulkFiltersFrom(new URLSearchParams('price=x&state=cancelled&date=2026-02-30&page=-1'));
    expect(filters).toMatchObject({ priceId: null, state: null, takesEffectAt: null, page: 1 });
  });

  it('ask for a preview only once both prices and the date are chosen', () => {
    expect(previewBody(bulkFiltersFrom(new URLSearchParams('price=1&new_price=2')))).toBeNull();
    expect(
      previewBody(bulkFiltersFrom(new URLSearchParams('price=1&new_price=2&date=2026-12-01&search=%20'))),
    ).toEqual({
      price_id: 1,
      gym_id: null,
      offering_id: null,
      state: null,
      search: null,
      new_price_id: 2,
      takes_effect_at: '2026-12-01',
      include_term_members: false,
    });
  });
});
