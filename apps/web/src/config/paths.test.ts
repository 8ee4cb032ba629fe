import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG } from './app-config';
import { queryString, route, routePath, routeUrl } from './paths';

describe('route()', () => {
  it('builds the paths of named pages', () => {
    expect(route('dashboard')).toBe('/dashboard');
    expect(route('members.show', { id: 42 })).toBe('/members/42');
    expect(route('members.activity', { id: '7' })).toBe('/members/7/activity');
    expect(route('members.change-price.index')).toBe('/members/change-price');
    expect(route('register')).toBe('/');
  });

  it('adds the query, leaving out empty values', () => {
    expect(route('register.verification-code', null, { twoFactorAuth: true })).toBe(
      '/verification-code?twoFactorAuth=true',
    );
    expect(route('login', undefined, { redirect: '/members/4?tab=payments', other: null })).toBe(
      '/login?redirect=%2Fmembers%2F4%3Ftab%3Dpayments',
    );
    expect(route('payments.index', null, { status: ['sent', 'failed'], page: 2 })).toBe(
      '/payments?status=sent&status=failed&page=2',
    );
  });

  it('escapes parameters', () => {
    expect(route('offerings.show', { id: 'a/b c' })).toBe('/offerings/a%2Fb%20c');
  });

  it('refuses to build a path with a missing parameter', () => {
    // @ts-expect-error the id is required, and the compiler says so
    expect(() => route('staff.show')).toThrow(/needs the parameter 'id'/);
    expect(() => route('staff.show', { id: '' })).toThrow(/needs the parameter 'id'/);
  });

  it('checks parameter names at compile time', () => {
    // @ts-expect-error members.show takes id, not memberId
    expect(() => route('members.show', { memberId: 1 })).toThrow();
  });
});

describe('routeUrl()', () => {
  it('puts each page on its own site', () => {
    expect(routeUrl('legal.privacy-policy')).toBe(`${DEFAULT_APP_CONFIG.appUrl}/legal/privacy-policy`);
    expect(routeUrl('register.take-photo')).toBe(`${DEFAULT_APP_CONFIG.registerUrl}/take-photo`);
  });
});

describe('routePath() and queryString()', () => {
  it('gives the router its patterns', () => {
    expect(routePath('gyms.edit')).toBe('/gyms/:id/edit');
  });

  it('is empty with nothing to say', () => {
    expect(queryString(undefined)).toBe('');
    expect(queryString({ a: undefined })).toBe('');
  });
});
