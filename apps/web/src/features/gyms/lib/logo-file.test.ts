import { describe, expect, it } from 'vitest';
import { fileSizeText, LOGO_MAX_BYTES, logoFileProblem, NOT_AN_IMAGE, TOO_LARGE } from './logo-file';

describe('the logo file', () => {
  it.each(['image/png', 'image/jpeg', 'image/webp'])('takes a %s image up to 2 MB', (type) => {
    expect(logoFileProblem({ type, size: LOGO_MAX_BYTES })).toBeNull();
  });

  it.each(['image/gif', 'image/svg+xml', 'application/pdf', ''])('refuses a file of type "%s"', (type) => {
    expect(logoFileProblem({ type, size: 100 })).toBe(NOT_AN_IMAGE);
  });

  it('refuses a file over 2 MB, and an empty one', () => {
    expect(logoFileProblem({ type: 'image/png', size: LOGO_MAX_BYTES + 1 })).toBe(TOO_LARGE);
    expect(logoFileProblem({ type: 'image/png', size: 0 })).toBe('The file is empty');
  });

  it('prints sizes in KB and MB', () => {
    expect(fileSizeText(300)).toBe('1 KB');
    expect(fileSizeText(320 * 1024)).toBe('320 KB');
    expect(fileSizeText(1.4 * 1024 * 1024)).toBe('1.4 MB');
  });
});
