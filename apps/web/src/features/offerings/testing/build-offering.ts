// Offering and price answers for page tests, shaped as the server sends them; override what a test is about.
import type { Offering } from '@gym/domain/api/offerings';
import type { Price } from '@gym/domain/api/prices';

export function buildPrice(overrides: Partial<Price> = {}): Price {
  return {
    id: 501,
    offering_id: 301,
    offering: { id: 301, name: 'Early Birds' },
    gym: null,
    amount: 1950,
    formatted_amount: '$19.50',
    billing_frequency: 'weekly',
    billing_frequency_label: 'Weekly',
    joining_fee: 0,
    formatted_joining_fee: '$0.00',
    private: false,
    term_amount: null,
    term_unit: null,
    is_term_membership: false,
    formatted_term: null,
    short_term_label: null,
    total_value: 1950,
    formatted_total_value: '$19.50',
    surcharge: 49,
    formatted_surcharge: '$0.49',
    formatted_surcharge_rate: '2.5%',
    formatted_amount_with_surcharge: '$19.99',
    surcharge_gym_id: 11,
    grouping_unique_identifier: '5f0c6a2e-8d1b-4c3e-9a7f-2b6d4e8c1a90',
    subscriptions_count: 0,
    private_links: [],
    archived_at: null,
    created_at: '2026-01-05T00:00:00.000Z',
    updated_at: '2026-01-05T00:00:00.000Z',
    ...overrides,
  };
}

export function buildOffering(overrides: Partial<Offering> = {}): Offering {
  return {
    id: 301,
    name: 'Early Birds',
    description: 'Weekday mornings.',
    type: 'limited_access',
    type_label: 'Limited Hours',
    all_gyms_access: false,
    mandated: false,
    hours_mandated: true,
    prices_mandated: false,
    gym: null,
    gyms: [{ id: 11, name: 'Ponsonby' }],
    prices_count: 1,
    archived_at: null,
    created_at: '2026-01-05T00:00:00.000Z',
    updated_at: '2026-01-05T00:00:00.000Z',
    prices: [buildPrice()],
    hours: [{ id: 1, day: 1, day_label: 'Monday', open_at: '06:00:00', close_at: '10:00:00' }],
    ...overrides,
  };
}
