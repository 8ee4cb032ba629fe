// Word lists for believable New Zealand demo people: names, suburbs, streets, answers, notes.
// biome-ignore format: a word list reads best as a block
export const FIRST_NAMES = [
  'Aroha', 'Mere', 'Tama', 'Wiremu', 'Hemi', 'Ngaio', 'Anahera', 'Rāwiri', 'Manaia', 'Kahu', 'Tāne', 'Hine',
  'Nikau', 'Ariki', 'Moana', 'Kiri', 'Te Ao', 'Mihi', 'Sione', 'Losa', 'Tevita', 'Malia', 'Salote', 'Ioane',
  'Priya', 'Arjun', 'Wei', 'Mei', 'Jun', 'Hyun-woo', 'Olivia', 'Charlotte', 'Isla', 'Amelia', 'Ruby', 'Harper',
  'Mia', 'Sophie', 'Lily', 'Grace', 'Ella', 'Zoe', 'Jack', 'Oliver', 'Noah', 'Liam', 'Hunter', 'Leo', 'George',
  'Lucas', 'James', 'Mason', 'Charlie', 'Finn', 'Max', 'Sam', 'Hamish', 'Fergus', 'Angus', 'Georgia', 'Maddie',
  'Josh', 'Ben', 'Tom', 'Emma', 'Hannah', 'Chloe', 'Ana', 'Mateo', 'Sofía', 'Renée', 'Zoë', 'Siobhán', 'Niamh',
];

// biome-ignore format: a word list reads best as a block
export const LAST_NAMES = [
  'Smith', 'Williams', 'Wilson', 'Brown', 'Taylor', 'Anderson', 'Thompson', 'Walker', 'Harris', 'Martin',
  'Clarke', 'Robinson', 'Campbell', 'Stewart', 'Young', 'King', 'Scott', 'Mitchell', 'Reid', 'Morrison',
  'Ngata', 'Parata', 'Te Whata', 'Tipene', 'Horomona', 'Waititi', 'Tamihana', 'Rangi', 'Pōmare', 'Te Huia',
  'Fonoti', 'Leota', 'Tuilagi', 'Fifita', 'Taufa', 'Singh', 'Patel', 'Wang', 'Li', 'Chen', 'Kim', 'Nguyen',
  'MacDonald', "O'Brien", 'van der Berg', 'Smithson', 'Goldsmith', 'Hughes', 'Murphy', 'McKenzie',
];

export interface Suburb {
  name: string;
  city: string;
  postCode: string;
}

const suburbs = (city: string, list: [string, string][]): Suburb[] =>
  list.map(([name, postCode]) => ({ name, city, postCode }));

// biome-ignore format: a word list reads best as a block
export const SUBURBS: Record<string, Suburb[]> = {
  Auckland: suburbs('Auckland', [
    ['Ponsonby', '1011'], ['Grey Lynn', '1021'], ['Mt Eden', '1024'], ['Kingsland', '1021'], ['Herne Bay', '1011'],
    ['Westmere', '1022'], ['Freemans Bay', '1011'], ['Sandringham', '1025'], ['Point Chevalier', '1022'],
  ]),
  Wellington: suburbs('Wellington', [
    ['Te Aro', '6011'], ['Mt Victoria', '6011'], ['Newtown', '6021'], ['Kelburn', '6012'], ['Thorndon', '6011'],
    ['Brooklyn', '6021'], ['Aro Valley', '6021'], ['Island Bay', '6023'],
  ]),
  Christchurch: suburbs('Christchurch', [
    ['Riccarton', '8011'], ['Upper Riccarton', '8041'], ['Ilam', '8041'], ['Fendalton', '8014'],
    ['Sockburn', '8042'], ['Addington', '8024'], ['Hornby', '8042'], ['Merivale', '8014'],
  ]),
  Tauranga: suburbs('Tauranga', [
    ['Mount Maunganui', '3116'], ['Papamoa', '3118'], ['Bayfair', '3116'], ['Arataki', '3116'], ['Omanu', '3116'],
    ['Otumoetai', '3110'], ['Bethlehem', '3110'], ['Tauranga South', '3112'],
  ]),
};

// biome-ignore format: a word list reads best as a block
export const STREETS = [
  'Kauri Street', 'Rimu Road', 'Tōtara Avenue', 'Pōhutukawa Drive', 'Victoria Street', 'Queen Street',
  'Marine Parade', 'Beach Road', 'Church Street', 'Hinemoa Street', 'Kōwhai Grove', 'Matai Crescent',
  'Nikau Place', 'Rata Street', 'Harakeke Lane', 'Tui Terrace', 'Kererū Way', 'Seaview Road',
];

export const MOBILE_PREFIXES = ['021', '021', '021', '022', '027', '027', '029'];

export const CONFIDENCE = [
  'first_time',
  'been_but_not_sure_what_to_do',
  'been_but_not_achieved_goals',
  'been_but_stopped_going',
  'experienced_and_confident',
] as const;

export const HEAR_ABOUT_US = [
  ['friend', 30],
  ['google_search', 20],
  ['facebook_or_instagram', 18],
  ['physical_marketing', 8],
  ['google_advert', 8],
  ['been_member_here_before', 8],
  ['other', 8],
] as const;

export const HEAR_ABOUT_US_OTHER = [
  'Saw the van at the Saturday market',
  'Walked past on the way to work',
  'Workplace wellness day',
  'Radio ad on The Hits',
  'My physio recommended you',
];

export const TAGS = ['student', 'corporate', 'PT client', 'early bird', 'injury', 'referral', 'staff whānau'];

export const NOTES = [
  'Prefers morning sessions; keen on the PT starter pack.',
  'Knee reconstruction in 2023 — check in before heavy squats.',
  'Paid the joining fee in cash at reception.',
  'Corporate rate through their employer; HR contact on file.',
  'Training for the Taupō cycle challenge.',
  'Asked about a pause over the summer holidays.',
  'Brother is also a member (same address).',
  'Has a locker on a monthly arrangement.',
  'Returning after a year overseas.',
  'Allergic to the cleaning spray; use the unscented wipes.',
];

export const RELATIONSHIPS = ['Partner', 'Mum', 'Dad', 'Sister', 'Brother', 'Friend', 'Flatmate'];

export const CANCELLATION_REASONS = [
  'Moving away',
  'Cost',
  'Injury or health',
  'Not using it enough',
  'Joined another gym',
  'Schedule changed',
  'Other',
];

export const CANCELLATION_COMMENTS = [
  'Moving to Dunedin for study next semester.',
  'Money is tight with the mortgage going up.',
  'Shoulder surgery; will be back once cleared by the physio.',
  'New job in the CBD, closer to another gym.',
  'Baby due in March — will come back later in the year.',
  'Heading to Australia for work.',
  '',
];

/** ASCII for email addresses: no macrons, accents, spaces or apostrophes. */
export function emailPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}
