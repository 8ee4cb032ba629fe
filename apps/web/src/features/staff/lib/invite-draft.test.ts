import { describe, expect, it } from 'vitest';
import {
  checkEmail,
  checkInvite,
  emptyInviteDraft,
  gymsError,
  type InviteDraft,
  invitePayload,
} from './invite-draft';

const draft = (patch: Partial<InviteDraft>): InviteDraft => ({ ...emptyInviteDraft(), ...patch });

describe('the invite form', () => {
  it('checks the email before asking the server', () => {
    expect(checkEmail('  ')).toEqual({ email: null, error: 'Value is required' });
    expect(checkEmail('nope')).toEqual({ email: null, error: 'Value is not a valid email address' });
    expect(checkEmail(' ana@example.co.nz ')).toEqual({ email: 'ana@example.co.nz' });
  });

  it('needs a name and a role (spec section 5)', () => {
    const { input, errors } = checkInvite(draft({ email: 'ana@example.co.nz', name: '  ' }));
    expect(input).toBeNull();
    expect(errors).toEqual({ name: 'Value is required', role: 'Value is required' });
  });

  it('invites with the name typed, to be pending until they accept', () => {
    const { input } = checkInvite(
      draft({ email: ' ana@example.co.nz ', name: ' Ana Lee ', role: 'personal_trainer' }),
    );
    expect(input).toEqual({
      inviting: true,
      email: 'ana@example.co.nz',
      name: 'Ana Lee',
      role: 'personal_trainer',
      gyms: [],
    });
  });

  it('asks for the name even when the address may have an account: nothing about it is revealed', () => {
    const { errors } = checkInvite(draft({ email: 'ana@example.co.nz', role: 'admin' }));
    expect(errors).toEqual({ name: 'Value is required' });
  });

  it('sends per-gym roles as role -1 with the gyms given a role', () => {
    const perGym = draft({
      email: 'ana@example.co.nz',
      name: 'Ana Lee',
      role: 'per_gym',
      gymRoles: { 11: 'admin', 12: '', 13: 'personal_trainer' },
    });
    expect(invitePayload(perGym)).toMatchObject({
      role: -1,
      gyms: [
        { id: 11, role: 'admin' },
        { id: 13, role: 'personal_trainer' },
      ],
    });
    const none = checkInvite({ ...perGym, gymRoles: { 11: '' } });
    expect(none.input).toBeNull();
    expect(gymsError(none.errors)).toBe('The value is required');
  });

  it('finds a message about one of the gyms for the gym list', () => {
    expect(gymsError({ 'gyms.1.id': 'The selected gym is invalid' })).toBe('The selected gym is invalid');
    expect(gymsError({ email: 'x' })).toBeUndefined();
  });
});
