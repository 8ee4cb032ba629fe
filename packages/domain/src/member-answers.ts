// The join form's two questions: how confident the member is in a gym, and how they heard of it.

export const UNKNOWN_ANSWER = 'Unknown answer';

export const CONFIDENCE_ANSWERS = [
  'first_time',
  'been_but_not_sure_what_to_do',
  'been_but_not_achieved_goals',
  'been_but_stopped_going',
  'experienced_and_confident',
] as const;
export type ConfidenceAnswer = (typeof CONFIDENCE_ANSWERS)[number];

export const CONFIDENCE_LABELS: Record<ConfidenceAnswer, string> = {
  first_time: 'This is my first time at a gym',
  been_but_not_sure_what_to_do: "I've been to a gym before but I'm not sure what to do",
  been_but_not_achieved_goals: "I've been to a gym before but haven't achieved my goals",
  been_but_stopped_going: "I've been to a gym before but stopped going",
  experienced_and_confident: "I'm experienced and confident",
};

export const HEAR_ABOUT_US_ANSWERS = [
  'friend',
  'physical_marketing',
  'google_advert',
  'facebook_or_instagram',
  'google_search',
  'been_member_here_before',
  'other',
] as const;
export type HearAboutUsAnswer = (typeof HEAR_ABOUT_US_ANSWERS)[number];

export const HEAR_ABOUT_US_LABELS: Record<HearAboutUsAnswer, string> = {
  friend: 'From a friend',
  physical_marketing: 'Flyer, poster or signage',
  google_advert: 'Google ad',
  facebook_or_instagram: 'Facebook or Instagram',
  google_search: 'Google search',
  been_member_here_before: "I've been a member here before",
  other: 'Other',
};

function labelFrom<T extends string>(labels: Record<T, string>, value: string | null | undefined): string {
  return value && Object.hasOwn(labels, value) ? labels[value as T] : UNKNOWN_ANSWER;
}

export function confidenceLabel(value: string | null | undefined): string {
  return labelFrom(CONFIDENCE_LABELS, value);
}

/** 'other' shows the member's own words when they gave some: 'Other: saw the gym from the bus'. */
export function hearAboutUsLabel(value: string | null | undefined, otherText?: string | null): string {
  const label = labelFrom(HEAR_ABOUT_US_LABELS, value);
  const extra = otherText?.trim();
  return value === 'other' && extra ? `${label}: ${extra}` : label;
}
