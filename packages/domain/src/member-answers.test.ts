import { describe, expect, it } from 'vitest';
import {
  CONFIDENCE_ANSWERS,
  confidenceLabel,
  HEAR_ABOUT_US_ANSWERS,
  hearAboutUsLabel,
  UNKNOWN_ANSWER,
} from './member-answers';

describe('member answers', () => {
  it('labels every known answer', () => {
    for (const answer of CONFIDENCE_ANSWERS) expect(confidenceLabel(answer)).not.toBe(UNKNOWN_ANSWER);
    for (const answer of HEAR_ABOUT_US_ANSWERS) expect(hearAboutUsLabel(answer)).not.toBe(UNKNOWN_ANSWER);
    expect(confidenceLabel('first_time')).toBe('This is my first time at a gym');
    expect(hearAboutUsLabel('facebook_or_instagram')).toBe('Facebook or Instagram');
  });

  it("shows 'Unknown answer' for anything else", () => {
    expect(UNKNOWN_ANSWER).toBe('Unknown answer');
    for (const value of ['nope', '', null, undefined, 'toString', '__proto__']) {
      expect(confidenceLabel(value)).toBe('Unknown answer');
      expect(hearAboutUsLabel(value)).toBe('Unknown answer');
    }
  });

  it("adds the member's own words to 'other'", () => {
    expect(hearAboutUsLabel('other', ' Saw it from the bus ')).toBe('Other: Saw it from the bus');
    expect(hearAboutUsLabel('other', '  ')).toBe('Other');
    expect(hearAboutUsLabel('friend', 'ignored')).toBe('From a friend');
  });
});
