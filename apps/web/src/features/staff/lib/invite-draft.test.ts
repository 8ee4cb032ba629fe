import { describe, expect, it } from 'vitest';
import {
  checkEmail,
  checkInvite,
  emptyInviteDraft,
  gymsError,
  type InviteDraft,
  invitePayload,
} from './invite-draft';

const newPerson = { exists: false, already_staff: false, deactivated: false };
const hasAccount = { exists: true, already_staff: false, deactivated: false };
const draft = (patch: Partial<InviteDraft>): InviteDraft => ({ ...emptyInviteDraft(), ...patch });

describe('the invite form', () => {
  it('checks the email before asking the server', () => {
    expect(checkEmail('  ')).toEqual({ email: null, error: 'Value is required' });
    expect(checkEmail('nope')).toEqual({ email: null, error: 'Value is not a valid email address' });
    expect(checkEmail(' ana@example.co.nz ')).toEqual({ email: 'ana@example.co.nz' });
  });

  it('needs a name and a role for someone new (spec section 5)', () => {
    const { input, errors } = checkInvite(draft({ email: 'ana@example.co.nz', name: '  ' }), newPerson);
    expect(input).toBeNull();
    expect(errors).toEqual({ name: 'Value is required', role: 'Value is required' });
  });

  it('invites someone new with their name, to be pending until they set a password', () => {
    const { input } = checkInvite(
      draft({ email: ' ana@example.co.nz ', name: ' Ana Lee ', role: 'personal_trainer' }),
      newPerson,
    );
    expect(input).toEqual({
      inviting: true,
      email: 'ana@example.co.nz',
      name: 'Ana Lee',
      role: 'personal_trainer',
      gyms: [],
    });
  });

  it('leaves the name out for someone who already has an account', () => {
    const { input } = checkInvite(draft({ email: 'ana@example.co.nz', role: 'admin' }), hasAccount);
    expect(input).toEqual({ inviting: true, email: 'ana@example.co.nz', role: 'admin', gyms: [] });
  });

  it('sends per-gym roles as role -1 with the gyms given a role', () => {
    const perGym = draft({
      email: 'ana@example.co.nz',
      role: 'per_gym',
      gymRoles: { 11: 'admin', 12: '', 13: 'personal_trainer' },
    });
    expect(invitePayload(perGym, hasAccount)).toMatchObject({
      role: -1,
      gyms: [
        { id: 11, role: 'admin' },
        { id: 13, role: 'personal_trainer' },
      ],
    });
    const none = checkInvite({ ...perGym, gymRoles: { 11: '' } }, hasAccount);
    expect(none.input).toBeNull();
    expect(gymsError(none.errors)).toBe('The value is required');
  });

  it('finds a message about one of the gyms for the gym list', () => {
    expect(gymsError({ 'gyms.1.id': 'The selected gym is invalid' })).toBe('The selected gym is invalid');
    expect(gymsError({ email: 'x' })).toBeUndefined();
  });
});
