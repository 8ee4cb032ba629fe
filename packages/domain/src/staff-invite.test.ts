import { describe, expect, it } from 'vitest';
import { staffInviteSchema } from './staff-invite';

const errors = (input: unknown) =>
  Object.fromEntries(
    (staffInviteSchema.safeParse(input).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]),
  );

describe('staff invite', () => {
  it('requires email and role', () => {
    expect(errors({})).toEqual({ email: 'Value is required', role: 'Value is required' });
    expect(errors({ email: 'nope', role: 'owner' })).toEqual({
      email: 'Value is not a valid email address',
      role: 'Value must be a role',
    });
  });

  it('requires a name only when not inviting', () => {
    expect(errors({ email: 'kim@example.nz', role: 'admin' })).toEqual({});
    expect(errors({ email: 'kim@example.nz', role: 'admin', inviting: false })).toEqual({
      name: 'Value is required',
    });
  });

  it('needs gym roles when the role is per gym (-1)', () => {
    expect(errors({ email: 'kim@example.nz', role: -1 })).toEqual({ gyms: 'The value is required' });
    expect(
      errors({ email: 'kim@example.nz', role: -1, gyms: [{ id: 2, role: 'personal_trainer' }] }),
    ).toEqual({});
  });
});
