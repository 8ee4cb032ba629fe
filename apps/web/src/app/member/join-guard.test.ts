// The join site's guard (spec section 2): a returning member opening the register screen lands on their
// next step; the join feature's own "next step" after signing in agrees with the guard's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { route } from '@/config/paths';
import { nextJoinStep } from '@/features/join/components/next-step';
import { member, organisationAdmin } from '@/testing/users';
import type { RouteHandle } from '../route-handle';
import { guardRedirect, nextRegisterStep } from '../session-guard';

const joinStart: RouteHandle = {
  name: 'register',
  title: 'Join',
  auth: false,
  layout: false,
  guestOnly: true,
};
const confirmStep: RouteHandle = {
  name: 'register.confirm-subscription',
  title: 'Confirm',
  auth: true,
  layout: false,
};

describe('a returning member on the join site', () => {
  it('goes to welcome once the membership is confirmed, else photo, payment method, confirm in order', () => {
    const at = (overrides: Partial<typeof member>) =>
      guardRedirect({
        host: 'member',
        handle: joinStart,
        session: { status: 'signed-in', user: { ...member, ...overrides } },
        intended: '/',
      });
    expect(at({ profile_picture: null })).toBe(route('register.take-photo'));
    expect(at({ profile_picture: '/api/users/1/profile-picture?v=a', payment_types: [] })).toBe(
      route('register.choose-payment-method'),
    );
    expect(
      at({
        profile_picture: '/p',
        payment_types: [{ id: 3, type: 'bank_account', model: null, declined_at: null }],
        registration_complete: false,
      }),
    ).toBe(route('register.confirm-subscription'));
    expect(at({ profile_picture: null, registration_complete: true })).toBe(route('account'));
  });

  it('keeps a member who has joined out of the joining steps, and one still joining out of the account', () => {
    const joined = { ...member, profile_picture: '/p', registration_complete: true };
    const confirm = { ...confirmStep, joinStep: true };
    const account: RouteHandle = {
      name: 'account',
      title: 'My account',
      auth: true,
      layout: false,
      joined: true,
    };
    const at = (handle: RouteHandle, user: typeof member) =>
      guardRedirect({ host: 'member', handle, session: { status: 'signed-in', user }, intended: '/' });
    expect(at(confirm, joined)).toBe(route('account'));
    expect(at(account, joined)).toBeNull();
    expect(at(account, { ...member, profile_picture: null, registration_complete: false })).toBe(
      route('register.take-photo'),
    );
    expect(at(confirm, { ...member, profile_picture: '/p', registration_complete: false })).toBeNull();
  });

  it('sends staff to the back office and the signed-out to register with the way back', () => {
    const staff = guardRedirect({
      host: 'member',
      handle: confirmStep,
      session: { status: 'signed-in', user: organisationAdmin },
      intended: '/confirm-subscription',
    });
    expect(staff).toMatch(/\/dashboard$/);
    const guest = guardRedirect({
      host: 'member',
      handle: confirmStep,
      session: { status: 'signed-out' },
      intended: '/confirm-subscription',
    });
    expect(guest).toBe(route('register', null, { redirect: '/confirm-subscription' }));
    const owing = guardRedirect({
      host: 'member',
      handle: confirmStep,
      session: { status: 'two-factor-due' },
      intended: '/confirm-subscription',
    });
    expect(owing).toContain('/verification-code?twoFactorAuth=true');
  });

  it('agrees with the guard on every combination of photo, payment methods and completion', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.nat({ max: 3 }), fc.boolean(), (photo, methods, complete) => {
        const user = {
          ...member,
          profile_picture: photo ? '/api/users/1/profile-picture?v=x' : null,
          payment_types: Array.from({ length: methods }, (_, i) => ({
            id: i + 1,
            type: 'bank_account' as const,
            model: null,
            declined_at: null,
          })),
          registration_complete: complete,
        };
        expect(nextJoinStep(user)).toBe(nextRegisterStep(user, false));
      }),
    );
  });
});
