import { describe, expect, it } from 'vitest';
import { ConfigError, readEnv } from './env';

describe('readEnv', () => {
  it('starts on the embedded defaults with nothing set', () => {
    const env = readEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe('http://localhost:3000');
    expect(env.REGISTER_URL).toBe('http://join.localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PROVIDERS).toBe('sandbox');
  });

  it('names each bad variable', () => {
    expect(() => readEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrowError(ConfigError);
    try {
      readEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(String(error)).toMatch(/PORT:/);
      expect(String(error)).toMatch(/DATABASE_URL: must start with postgres/);
    }
  });

  it('rejects an encryption key of the wrong length', () => {
    expect(() => readEnv({ ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrowError(/ENCRYPTION_KEY: must be 32 bytes/);
  });

  it('asks for the live keys when PROVIDERS=live', () => {
    expect(() => readEnv({ PROVIDERS: 'live' })).toThrowError(
      /STRIPE_SECRET_KEY: required when PROVIDERS=live/,
    );
  });
});
