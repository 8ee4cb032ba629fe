import { describe, expect, it } from 'vitest';
import {
  accessChangeSentences,
  gymsInWords,
  hoursInWords,
  type OfferingAccess,
} from './offering-access-change';

const central: OfferingAccess = {
  id: 1,
  name: 'Central 24/7',
  type: '24_7',
  all_gyms: false,
  gym_names: ['Central'],
  hours: [],
};

describe('how door access changes between offerings', () => {
  it('says nothing for the same offering, or one that opens the same gyms at the same hours', () => {
    expect(accessChangeSentences(central, central)).toEqual([]);
    expect(accessChangeSentences(central, { ...central, id: 2, name: 'Central (new)' })).toEqual([]);
  });

  it('names the gyms and the hours that differ, with what they were', () => {
    const everywhere: OfferingAccess = {
      id: 2,
      name: 'Off-peak',
      type: 'limited_access',
      all_gyms: true,
      gym_names: [],
      hours: [
        { day: 6, open_at: '08:00:00', close_at: '12:00:00' },
        { day: 1, open_at: '06:00:00', close_at: '20:00:00' },
      ],
    };
    expect(accessChangeSentences(central, everywhere)).toEqual([
      'Your door access changes with it: you can use all our gyms (until then, Central).',
      'Your access hours change to limited hours (Monday 6:00 am to 8:00 pm; Saturday 8:00 am to 12:00 pm) (until then, 24/7).',
    ]);
    expect(accessChangeSentences(everywhere, { ...central, id: 3 })[1]).toBe(
      'Your access hours change to 24/7 (until then, limited hours (Monday 6:00 am to 8:00 pm; Saturday 8:00 am to 12:00 pm)).',
    );
  });

  it('lists named gyms in order, once', () => {
    expect(gymsInWords({ ...central, gym_names: ['Northside', 'Central', 'Central', 'Airport'] })).toBe(
      'Airport, Central and Northside',
    );
    expect(hoursInWords({ ...central, type: 'limited_access' })).toBe('limited hours');
  });
});
