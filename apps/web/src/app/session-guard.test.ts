import { describe, expect, it } from 'vitest';
import { gymAdmin, member, organisationAdmin, trainer } from '@/testing/users';
import type { RouteHandle } from './route-handle';
import {
  type GuardInput,
  guardRedirect,
  nextRegisterStep,
  type SessionState,
  sessionNeed,
} from './session-guard';

const signedInPage: RouteHandle = { name: 'offerings.index', title: 'Offerings', auth: true, layout: true };
const settingsPage: RouteHandle = { ...signedInPage, name: 'organisation.settings', organisationAdmin: true };
const loginPage: RouteHandle = {
  name: 'login',
  title: 'Sign in',
  auth: false,
  layout: false,
  guestOnly: true,
};
const openPage: RouteHandle = { name: 'contact-us', title: 'Contact us', auth: false, layout: false };
const joinStep: RouteHandle = { name: 'register.take-photo', title: 'Photo', auth: true, layout: false };
const joinStart: RouteHandle = {
  name: 'register',
  title: 'Join',
  auth: false,
  layout: false,
  guestOnly: true,
};

const signedIn = (user = trainer): SessionState => ({ status: 'signed-in', user });

const decide = (input: Partial<GuardInput> & Pick<GuardInput, 'handle' | 'session'>) =>
  guardRedirect({ host: 'staff', intended: '/offerings?page=2', ...input });

describe('what the guard needs to know', () => {
  it('loads the user for signed-in screens, asks only "anyone?" for guest screens, nothing for open ones', () => {
    expect(sessionNeed(signedInPage)).toBe('user');
    expect(sessionNeed(loginPage)).toBe('known-user');
    expect(sessionNeed(openPage)).toBe('none');
    expect(sessionNeed(undefined)).toBe('none');
  });
});

describe('the guard on signed-in staff screens', () => {
  it('sends someone not signed in to sign-in, with the way back', () => {
    expect(decide({ handle: signedInPage, session: { status: 'signed-out' } })).toBe(
      '/login?redirect=%2Fofferings%3Fpage%3D2',
    );
  });

  it('sends a failed session load to sign-in', () => {
    expect(decide({ handle: signedInPage, session: { status: 'failed' } })).toBe(
      '/login?redirect=%2Fofferings%3Fpage%3D2',
    );
  });

  it('sends a session still owing its two-factor code to the code screen', () => {
    expect(decide({ handle: signedInPage, session: { status: 'two-factor-due' } })).toBe(
      '/two-factor-authentication?redirect=%2Fofferings%3Fpage%3D2',
    );
  });

  it('sends a signed-in member (not staff) to the join site', () => {
    expect(decide({ handle: signedInPage, session: signedIn(member) })).toBe('http://join.localhost:3000/');
  });

  it('lets staff through', () => {
    for (const user of [organisationAdmin, gymAdmin, trainer])
      expect(decide({ handle: signedInPage, session: signedIn(user) })).toBeNull();
  });

  it('keeps organisation settings to organisation admins; others go to the dashboard', () => {
    expect(decide({ handle: settingsPage, session: signedIn(organisationAdmin) })).toBeNull();
    expect(decide({ handle: settingsPage, session: signedIn(gymAdmin) })).toBe('/dashboard');
    expect(decide({ handle: settingsPage, session: signedIn(trainer) })).toBe('/dashboard');
  });
});

describe('the guard on guest-only screens', () => {
  it('sends signed-in staff from sign-in to the dashboard', () => {
    expect(decide({ handle: loginPage, session: signedIn(gymAdmin) })).toBe('/dashboard');
  });

  it('sends a signed-in member from the staff sign-in to the join site', () => {
    expect(decide({ handle: loginPage, session: signedIn(member) })).toBe('http://join.localhost:3000/');
  });

  it('lets guests through, whether known as guests or not asked', () => {
    for (const status of ['signed-out', 'unknown', 'failed', 'two-factor-due'] as const)
      expect(decide({ handle: loginPage, session: { status } })).toBeNull();
  });
});

describe('the guard on open screens', () => {
  it('lets everyone through', () => {
    expect(decide({ handle: openPage, session: { status: 'unknown' } })).toBeNull();
    expect(decide({ handle: openPage, session: signedIn(member) })).toBeNull();
    expect(decide({ handle: undefined, session: { status: 'signed-out' } })).toBeNull();
  });
});

describe('the guard on the join site', () => {
  const join = (input: Partial<GuardInput> & Pick<GuardInput, 'handle' | 'session'>) =>
    guardRedirect({ host: 'member', intended: '/take-photo', ...input });

  it('sends someone not signed in to the start of joining, with the way back', () => {
    expect(join({ handle: joinStep, session: { status: 'signed-out' } })).toBe('/?redirect=%2Ftake-photo');
    expect(join({ handle: joinStep, session: { status: 'failed' } })).toBe('/?redirect=%2Ftake-photo');
  });

  it('sends a session owing its code to the verification step with the two-factor flag', () => {
    expect(join({ handle: joinStep, session: { status: 'two-factor-due' } })).toBe(
      '/verification-code?twoFactorAuth=true&redirect=%2Ftake-photo',
    );
  });

  it('sends staff to the back office dashboard', () => {
    expect(join({ handle: joinStep, session: signedIn(trainer) })).toBe('http://localhost:3000/dashboard');
    expect(join({ handle: joinStart, session: signedIn(trainer) })).toBe('http://localhost:3000/dashboard');
  });

  it('lets members through to the join steps', () => {
    expect(join({ handle: joinStep, session: signedIn(member) })).toBeNull();
  });

  it('sends a signed-in member from the start to their next step', () => {
    expect(join({ handle: joinStart, session: signedIn(member) })).toBe('/take-photo');
    expect(join({ handle: joinStart, session: signedIn(member), welcomeDue: true })).toBe('/welcome-to-gym');
  });
});

describe("a member's next join step", () => {
  it('goes photo, then payment method, then confirmation', () => {
    expect(nextRegisterStep(member, false)).toBe('/take-photo');
    const withPhoto = { ...member, profile_picture: '/api/users/104/profile-picture' };
    expect(nextRegisterStep(withPhoto, false)).toBe('/choose-payment-method');
    const withPayment = {
      ...withPhoto,
      payment_types: [{ id: 1, type: 'bank_account' as const, model: null, declined_at: null }],
    };
    expect(nextRegisterStep(withPayment, false)).toBe('/confirm-subscription');
    expect(nextRegisterStep(withPayment, true)).toBe('/welcome-to-gym');
  });
});
