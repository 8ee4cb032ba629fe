import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  boundedList,
  CONDITIONALLY_REQUIRED,
  email,
  INVALID_EMAIL,
  isBlank,
  LIST_LIMITS,
  maxValueMessage,
  mustEqualMessage,
  optionalString,
  requiredEnum,
  requiredInteger,
  requiredString,
  VALUE_REQUIRED,
} from './validation-messages';

const firstMessage = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe('the spec messages', () => {
  it('are word for word', () => {
    expect(VALUE_REQUIRED).toBe('Value is required');
    expect(INVALID_EMAIL).toBe('Value is not a valid email address');
    expect(CONDITIONALLY_REQUIRED).toBe('The value is required');
    expect(mustEqualMessage('password')).toBe('The value must be equal to the password value');
    expect(maxValueMessage('$100.00')).toBe('The maximum value allowed is $100.00');
  });
});

describe('zod helpers', () => {
  it('requiredString treats whitespace as empty and trims', () => {
    expect(firstMessage(requiredString(), '   ')).toBe(VALUE_REQUIRED);
    expect(firstMessage(requiredString(), undefined)).toBe(VALUE_REQUIRED);
    expect(firstMessage(requiredString(), null)).toBe(VALUE_REQUIRED);
    expect(firstMessage(requiredString(), 12)).toBe('Value must be text');
    expect(requiredString().parse('  Gym  ')).toBe('Gym');
    expect(firstMessage(requiredString({ max: 3 }), 'abcd')).toMatch(/at most 3/);
  });

  it('optionalString turns blank or null into null (cleared) and keeps absent absent (unchanged)', () => {
    expect(optionalString().parse('  ')).toBeNull();
    expect(optionalString().parse(null)).toBeNull();
    expect(optionalString().parse(undefined)).toBeUndefined();
    expect(z.object({ notes: optionalString() }).parse({})).toEqual({});
    expect(optionalString().parse(' x ')).toBe('x');
  });

  it('email requires a valid address', () => {
    expect(firstMessage(email(), '')).toBe(VALUE_REQUIRED);
    expect(firstMessage(email(), undefined)).toBe(VALUE_REQUIRED);
    expect(firstMessage(email(), 'not-an-email')).toBe(INVALID_EMAIL);
    expect(email().parse(' Kim@Example.co.nz ')).toBe('Kim@Example.co.nz');
  });

  it('requiredEnum and requiredInteger', () => {
    const colour = requiredEnum(['red', 'green']);
    expect(firstMessage(colour, undefined)).toBe(VALUE_REQUIRED);
    expect(firstMessage(colour, 'blue')).toBe('Value must be one of: red, green');
    const count = requiredInteger({ min: 0, max: 365 });
    expect(firstMessage(count, null)).toBe(VALUE_REQUIRED);
    expect(firstMessage(count, 366)).toBe('The maximum value allowed is 365');
    expect(firstMessage(count, -1)).toBe('The minimum value allowed is 0');
    expect(count.parse(14)).toBe(14);
  });

  it('isBlank', () => {
    expect([undefined, null, '', ' \t', 0, false, 'a'].map(isBlank)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('boundedList', () => {
  const list = boundedList(z.object({ id: z.number() }), 3, { error: 'Value must be a list' });

  it('takes up to its maximum, and refuses one more with the spec message alone', () => {
    expect(list.safeParse([{ id: 1 }, { id: 2 }, { id: 3 }]).success).toBe(true);
    const issues = list.safeParse([{}, {}, {}, {}]).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['', 'The maximum value allowed is 3'],
    ]);
    expect(firstMessage(list, 'nope')).toBe('Value must be a list');
  });

  it('is what the document shows as maxItems, with limits no gym reaches', () => {
    expect(z.toJSONSchema(list)).toMatchObject({ type: 'array', maxItems: 3 });
    expect(LIST_LIMITS).toEqual({ gyms: 500, prices: 100, hours: 100 });
  });
});
