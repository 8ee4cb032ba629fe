// A person's age in whole years on a calendar date, and whether they may join at the organisation's minimum age.
import { type CalendarDate, calendarDateParts } from './calendar-date';

/** Whole years from `dob` to `on`; a 29 February birthday is reached on 1 March in other years. */
export function ageOn(dob: CalendarDate, on: CalendarDate): number {
  const birth = calendarDateParts(dob);
  const day = calendarDateParts(on);
  const hadBirthday = day.month > birth.month || (day.month === birth.month && day.day >= birth.day);
  return day.year - birth.year - (hadBirthday ? 0 : 1);
}

/** Old enough, or joining through an age-bypass link. */
export function mayJoinAtAge(input: {
  dob: CalendarDate;
  today: CalendarDate;
  minimumAge: number;
  ageBypass: boolean;
}): boolean {
  return input.ageBypass || ageOn(input.dob, input.today) >= input.minimumAge;
}
