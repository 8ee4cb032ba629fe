import { describe, expect, it } from 'vitest';
import { buildOffering } from '../testing/build-offering';
import {
  checkOfferingDraft,
  emptyHoursDraft,
  emptyOfferingDraft,
  errorsAfterChange,
  type OfferingDraft,
  offeringDraftOf,
} from './offering-draft';
import { emptyPriceDraft } from './price-draft';

const draft = (patch: Partial<OfferingDraft>): OfferingDraft => ({
  ...emptyOfferingDraft(),
  name: 'Early Birds',
  type: '24_7',
  gyms: ['11'],
  ...patch,
});

describe('checkOfferingDraft', () => {
  it("gives the spec's messages for blank fields, missing gyms and missing hours", () => {
    const { input, errors } = checkOfferingDraft(
      { ...emptyOfferingDraft(), name: '   ', type: 'limited_access', hours_mandated: true },
      { withPrices: true },
    );
    expect(input).toBeNull();
    expect(errors).toEqual({
      name: 'Value is required',
      gyms: 'Select at least one gym',
      hours: 'Add at least one day',
    });
  });

  it('asks for the other half of a term, beside the price it belongs to', () => {
    const prices = [
      { ...emptyPriceDraft(), amount: '19.50', billing_frequency: 'weekly' as const },
      { ...emptyPriceDraft(), amount: '79', billing_frequency: 'monthly' as const, term_amount: '12' },
      {
        ...emptyPriceDraft(),
        amount: '79',
        billing_frequency: 'monthly' as const,
        term_unit: 'months' as const,
      },
    ];
    const { errors } = checkOfferingDraft(draft({ prices }), { withPrices: true });
    expect(errors).toEqual({
      'prices.1.term_unit': 'Please select a term unit',
      'prices.2.term_amount': 'Please enter a term amount',
    });
  });

  it('turns typed dollars into cents and hours into the payload', () => {
    const hours = [{ ...emptyHoursDraft(), day: '6', open_at: '08:00', close_at: '12:30' }];
    const prices = [
      { ...emptyPriceDraft(), amount: '19.50', billing_frequency: 'weekly' as const, joining_fee: '25' },
    ];
    const { input, errors } = checkOfferingDraft(draft({ type: 'limited_access', hours, prices }), {
      withPrices: true,
    });
    expect(errors).toEqual({});
    expect(input?.prices).toEqual([
      {
        amount: 1950,
        billing_frequency: 'weekly',
        joining_fee: 2500,
        private: false,
        term_amount: null,
        term_unit: null,
      },
    ]);
    expect(input?.hours).toEqual([{ day: 6, open_at: '08:00', close_at: '12:30' }]);
  });

  it('checks the opening hours of a row: a day, and closing after opening', () => {
    const hours = [
      { ...emptyHoursDraft(), day: '', open_at: '08:00', close_at: '12:00' },
      { ...emptyHoursDraft(), day: '1', open_at: '12:00', close_at: '09:00' },
    ];
    const { errors } = checkOfferingDraft(draft({ type: 'limited_access', hours }), { withPrices: false });
    expect(errors).toEqual({
      'hours.0.day': 'Value is required',
      'hours.1.close_at': 'The closing time must be after the opening time',
    });
  });

  it('leaves prices out when editing and hours out of a 24/7 offering', () => {
    const hours = [{ ...emptyHoursDraft(), day: '1', open_at: '06:00', close_at: '10:00' }];
    const prices = [emptyPriceDraft()];
    const { input } = checkOfferingDraft(draft({ hours, prices }), { withPrices: false });
    expect(input?.prices).toEqual([]);
    expect(input?.hours).toEqual([]);
  });
});

describe('offeringDraftOf', () => {
  it("starts the edit form from the server's offering, times as HH:mm", () => {
    const form = offeringDraftOf(buildOffering());
    expect(form).toMatchObject({ name: 'Early Birds', type: 'limited_access', gyms: ['11'], prices: [] });
    expect(form.hours.map(({ day, open_at, close_at }) => ({ day, open_at, close_at }))).toEqual([
      { day: '1', open_at: '06:00', close_at: '10:00' },
    ]);
  });
});

describe('errorsAfterChange', () => {
  it('drops the message of a corrected field, and those of rows that moved', () => {
    const before = draft({ prices: [emptyPriceDraft(), emptyPriceDraft()] });
    const errors = {
      name: 'Value is required',
      'prices.1.term_unit': 'Please select a term unit',
      gyms: 'x',
    };
    expect(errorsAfterChange(errors, before, { name: 'New' })).toEqual({
      'prices.1.term_unit': 'Please select a term unit',
      gyms: 'x',
    });
    const edited = before.prices.map((p, i) => (i === 1 ? { ...p, term_unit: 'months' as const } : p));
    expect(errorsAfterChange(errors, before, { prices: edited })).toEqual({
      name: 'Value is required',
      gyms: 'x',
    });
    expect(errorsAfterChange(errors, before, { prices: before.prices.slice(1) })).toEqual({
      name: 'Value is required',
      gyms: 'x',
    });
  });
});
