import { describe, expect, it } from 'vitest';
import { ConfigError, devToolsEnabled, readEnv } from './env';
import { parseStorageUrl } from './storage-url';

describe('readEnv', () => {
  it('starts on the embedded defaults with nothing set', () => {
    const env = readEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe('http://localhost:3000');
    expect(env.REGISTER_URL).toBe('http://join.localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PROVIDERS).toBe('sandbox');
  });

  it('puts the default addresses on the port given, and keeps addresses given', () => {
    expect(readEnv({ PORT: '3999' })).toMatchObject({
      PORT: 3999,
      APP_URL: 'http://localhost:3999',
      REGISTER_URL: 'http://join.localhost:3999',
    });
    expect(readEnv({ PORT: '3999', APP_URL: 'https://staff.example.nz' }).APP_URL).toBe(
      'https://staff.example.nz',
    );
    expect(readEnv({ PORT: '0' }).APP_URL).toBe('http://localhost:3000');
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

  it('reads an S3-compatible store from STORAGE_URL and refuses one it cannot use', () => {
    expect(
      parseStorageUrl('s3://k:s%2Fx@gym-files?endpoint=http://127.0.0.1:9000&region=ap-southeast-2'),
    ).toEqual({
      bucket: 'gym-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'ap-southeast-2',
      forcePathStyle: true,
      credentials: { accessKeyId: 'k', secretAccessKey: 's/x' },
    });
    expect(parseStorageUrl('s3://gym-files')).toEqual({
      bucket: 'gym-files',
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(readEnv({ STORAGE_URL: 's3://gym-files' }).STORAGE_URL).toBe('s3://gym-files');
    for (const bad of [
      'http://gym-files',
      's3://Gym_Files',
      's3://gym-files/photos',
      's3://gym?endpoint=ftp://x',
      's3://k@gym-files',
    ])
      expect(() => readEnv({ STORAGE_URL: bad }), bad).toThrowError(/STORAGE_URL: must be s3:\/\/bucket/);
  });

  it('asks for the live keys when PROVIDERS=live', () => {
    expect(() => readEnv({ PROVIDERS: 'live' })).toThrowError(
      /STRIPE_SECRET_KEY: required when PROVIDERS=live/,
    );
  });

  it('refuses a production start without real mail, webhook secrets and key, naming each', () => {
    let message = '';
    try {
      readEnv({ NODE_ENV: 'production' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = String(error);
    }
    for (const name of ['SMTP_URL', 'STRIPE_WEBHOOK_SECRET', 'KISI_WEBHOOK_SECRET', 'ENCRYPTION_KEY']) {
      expect(message).toContain(`${name}: required in production`);
    }
    const complete = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      STRIPE_WEBHOOK_SECRET: 'whsec_own',
      KISI_WEBHOOK_SECRET: 'own',
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    expect(readEnv(complete).NODE_ENV).toBe('production');
    expect(devToolsEnabled(readEnv(complete))).toBe(false);
    expect(devToolsEnabled(readEnv({}))).toBe(true);
    expect(devToolsEnabled({ NODE_ENV: 'development', PROVIDERS: 'live' })).toBe(false);
  });
});
