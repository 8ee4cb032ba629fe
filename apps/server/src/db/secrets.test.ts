import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretBox } from './secrets';

describe('secretBox', () => {
  const box = secretBox(randomBytes(32).toString('base64'));

  it('round-trips and never stores the plain text', () => {
    const sealed = box.seal('akahu-app-secret');
    expect(sealed).not.toContain('akahu-app-secret');
    expect(box.open(sealed)).toBe('akahu-app-secret');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered or foreign secret', () => {
    const sealed = box.seal('secret');
    const tampered = `${sealed.slice(0, -4)}AAAA`;
    expect(() => box.open(tampered)).toThrow();
    expect(() => secretBox(randomBytes(32).toString('base64')).open(sealed)).toThrow();
  });
});
