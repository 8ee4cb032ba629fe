import { describe, expect, it } from 'vitest';
import { afterSignIn, safeRedirect } from './redirect-target';

describe('the way back after signing in', () => {
  it('keeps paths on this site, with their query', () => {
    expect(safeRedirect('/offerings')).toBe('/offerings');
    expect(safeRedirect('/members/12?tab=visits')).toBe('/members/12?tab=visits');
  });

  it('ignores other sites and odd values', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'offerings',
      '',
      null,
      undefined,
    ])
      expect(safeRedirect(value)).toBeNull();
  });

  it('goes to the dashboard when there is no safe way back', () => {
    expect(afterSignIn('https://evil.example/')).toBe('/dashboard');
    expect(afterSignIn(null)).toBe('/dashboard');
    expect(afterSignIn('/visits')).toBe('/visits');
  });
});
