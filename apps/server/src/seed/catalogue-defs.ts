// The two demo organisations: their gyms, offerings and prices (amounts in cents, NZD, GST inclusive).
export type Frequency =
  | 'weekly'
  | 'fortnightly'
  | 'monthly'
  | 'quarterly'
  | 'twice_yearly'
  | 'yearly'
  | 'one_off';

export interface GymDef {
  key: string;
  name: string;
  city: string;
  suburb: string;
  cardSurchargeBasisPoints: number;
  breakFeeBasisPoints: number;
  replyTo: string;
  /** Weight of members who call this gym home. */
  share: number;
}

export interface PriceDef {
  key: string;
  amount: number;
  frequency: Frequency;
  joiningFee?: number;
  private?: boolean;
  term?: { amount: number; unit: 'months' };
  archived?: boolean;
  /** Relative popularity among new members (0: nobody joins on it). */
  weight: number;
}

export interface OfferingDef {
  key: string;
  name: string;
  description: string;
  type: '24_7' | 'limited_access';
  allGymsAccess: boolean;
  /** Offered at these gyms (when not all-gyms). */
  gymKeys?: string[];
  /** A single-gym offering belongs to this gym. */
  ownerGymKey?: string;
  /** [day 1-7, open, close]. */
  hours?: [number, string, string][];
  archived?: boolean;
  prices: PriceDef[];
}

export interface OrganisationDef {
  key: 'southern' | 'kowhai';
  name: string;
  multiGym: boolean;
  frequencies: {
    weekly: boolean;
    fortnightly: boolean;
    monthly: boolean;
    quarterly: boolean;
    sixMonthly: boolean;
    yearly: boolean;
  };
  grace: { period: number; unit: 'days' | 'weeks' };
  termGrace: { period: number; unit: 'days' | 'weeks' };
  memberCount: number;
  gyms: GymDef[];
  offerings: OfferingDef[];
}

const weekdays = (open: string, close: string): [number, string, string][] =>
  [1, 2, 3, 4, 5].map((day) => [day, open, close]);

export const ORGANISATIONS: OrganisationDef[] = [
  {
    key: 'southern',
    name: 'Southern Strength Co.',
    multiGym: true,
    frequencies: {
      weekly: true,
      fortnightly: true,
      monthly: true,
      quarterly: true,
      sixMonthly: false,
      yearly: true,
    },
    grace: { period: 14, unit: 'days' },
    termGrace: { period: 28, unit: 'days' },
    memberCount: 220,
    gyms: [
      {
        key: 'ponsonby',
        name: 'Southern Strength Ponsonby',
        city: 'Auckland',
        suburb: 'Ponsonby',
        cardSurchargeBasisPoints: 250,
        breakFeeBasisPoints: 2500,
        replyTo: 'ponsonby@southernstrength.example.co.nz',
        share: 40,
      },
      {
        key: 'te-aro',
        name: 'Southern Strength Te Aro',
        city: 'Wellington',
        suburb: 'Te Aro',
        cardSurchargeBasisPoints: 250,
        breakFeeBasisPoints: 2500,
        replyTo: 'tearo@southernstrength.example.co.nz',
        share: 32,
      },
      {
        key: 'riccarton',
        name: 'Southern Strength Riccarton',
        city: 'Christchurch',
        suburb: 'Riccarton',
        cardSurchargeBasisPoints: 200,
        breakFeeBasisPoints: 2000,
        replyTo: 'riccarton@southernstrength.example.co.nz',
        share: 28,
      },
    ],
    offerings: [
      {
        key: 'all-clubs',
        name: 'All Clubs 24/7',
        type: '24_7',
        allGymsAccess: true,
        description: 'Round-the-clock access to every Southern Strength club with your tag.',
        prices: [
          { key: 'ac-weekly', amount: 2299, frequency: 'weekly', joiningFee: 4900, weight: 30 },
          { key: 'ac-fortnightly', amount: 4598, frequency: 'fortnightly', joiningFee: 4900, weight: 14 },
          { key: 'ac-monthly', amount: 9900, frequency: 'monthly', weight: 10 },
          { key: 'ac-yearly', amount: 104900, frequency: 'yearly', weight: 3 },
          {
            key: 'ac-term',
            amount: 1999,
            frequency: 'weekly',
            term: { amount: 12, unit: 'months' },
            weight: 0,
          },
          { key: 'ac-corporate', amount: 1500, frequency: 'weekly', private: true, weight: 0 },
          {
            key: 'ac-weekly-2024',
            amount: 2099,
            frequency: 'weekly',
            joiningFee: 4900,
            archived: true,
            weight: 0,
          },
          { key: 'ac-weekly-2026', amount: 2499, frequency: 'weekly', joiningFee: 4900, weight: 0 },
        ],
      },
      {
        key: 'home-club',
        name: 'Home Club 24/7',
        type: '24_7',
        allGymsAccess: false,
        gymKeys: ['ponsonby', 'te-aro'],
        description: 'Any hour at your home club in Ponsonby or Te Aro.',
        prices: [
          { key: 'hc-weekly', amount: 1799, frequency: 'weekly', joiningFee: 2900, weight: 18 },
          { key: 'hc-fortnightly', amount: 3598, frequency: 'fortnightly', weight: 8 },
          { key: 'hc-quarterly', amount: 22900, frequency: 'quarterly', weight: 3 },
        ],
      },
      {
        key: 'off-peak',
        name: 'Off-Peak',
        type: 'limited_access',
        allGymsAccess: false,
        gymKeys: ['ponsonby', 'te-aro', 'riccarton'],
        description: 'Weekday daytime and weekend late-morning training at a lower price.',
        hours: [
          ...weekdays('09:00:00', '16:00:00'),
          [6, '10:00:00', '14:00:00'],
          [7, '10:00:00', '14:00:00'],
        ],
        prices: [
          { key: 'op-weekly', amount: 1299, frequency: 'weekly', weight: 10 },
          { key: 'op-monthly', amount: 5200, frequency: 'monthly', weight: 4 },
        ],
      },
      {
        key: 'summer-shred',
        name: 'Summer Shred 2024',
        type: '24_7',
        allGymsAccess: false,
        ownerGymKey: 'ponsonby',
        description: 'Eight-week summer challenge (finished).',
        archived: true,
        prices: [{ key: 'ss-one-off', amount: 9900, frequency: 'one_off', archived: true, weight: 0 }],
      },
    ],
  },
  {
    key: 'kowhai',
    name: 'Kōwhai Fitness',
    multiGym: false,
    frequencies: {
      weekly: true,
      fortnightly: true,
      monthly: true,
      quarterly: false,
      sixMonthly: true,
      yearly: true,
    },
    grace: { period: 10, unit: 'days' },
    termGrace: { period: 4, unit: 'weeks' },
    memberCount: 80,
    gyms: [
      {
        key: 'mount',
        name: 'Kōwhai Fitness Mount Maunganui',
        city: 'Tauranga',
        suburb: 'Mount Maunganui',
        cardSurchargeBasisPoints: 200,
        breakFeeBasisPoints: 3000,
        replyTo: 'kiaora@kowhaifitness.example.co.nz',
        share: 1,
      },
    ],
    offerings: [
      {
        key: 'kowhai-24-7',
        name: 'Kōwhai 24/7',
        type: '24_7',
        allGymsAccess: true,
        description: 'Train any time at the Mount, with a free programme review every quarter.',
        prices: [
          { key: 'kw-weekly', amount: 1950, frequency: 'weekly', joiningFee: 2900, weight: 20 },
          { key: 'kw-fortnightly', amount: 3900, frequency: 'fortnightly', weight: 8 },
          { key: 'kw-monthly', amount: 8450, frequency: 'monthly', joiningFee: 2900, weight: 6 },
          { key: 'kw-yearly', amount: 89900, frequency: 'yearly', weight: 2 },
          { key: 'kw-six-monthly', amount: 47900, frequency: 'twice_yearly', weight: 2 },
          {
            key: 'kw-term',
            amount: 1700,
            frequency: 'weekly',
            term: { amount: 12, unit: 'months' },
            weight: 0,
          },
          {
            key: 'kw-term-6',
            amount: 3600,
            frequency: 'fortnightly',
            term: { amount: 6, unit: 'months' },
            weight: 0,
          },
        ],
      },
      {
        key: 'daytime',
        name: 'Daytime',
        type: 'limited_access',
        allGymsAccess: false,
        gymKeys: ['mount'],
        description: 'Early mornings to mid-afternoon on weekdays.',
        hours: weekdays('06:00:00', '15:00:00'),
        prices: [{ key: 'dt-weekly', amount: 1200, frequency: 'weekly', weight: 6 }],
      },
      {
        key: 'concession',
        name: '10-Visit Concession',
        type: '24_7',
        allGymsAccess: true,
        description: 'Ten visits to use within three months.',
        prices: [{ key: 'cc-one-off', amount: 15000, frequency: 'one_off', weight: 0 }],
      },
    ],
  },
];
