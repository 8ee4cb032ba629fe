// Where uploaded files (gym logos, members' photos) are kept: one small interface over the local uploads
// folder (the default, one machine) or an S3-compatible bucket (STORAGE_URL: any number of servers). Keys
// are relative paths such as `gym-logos/<uuid>.png`. Nothing here is public: the API reads a file only
// after deciding who may see it, and the bucket must not be readable anonymously (see the README).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../config/env';
import { parseStorageUrl, type S3Location } from '../config/storage-url';

export interface FileStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none under that key. */
  get(key: string): Promise<Buffer | null>;
  /** Throws when the store cannot be reached (readiness). */
  check(): Promise<void>;
}

/** A key never climbs out of its folder (`../`), whatever a database row holds. */
function safeKey(key: string): string {
  const clean = normalize(key).replace(/^\/+/, '');
  if (clean.startsWith('..') || clean === '.' || clean === '') throw new Error(`bad storage key: ${key}`);
  return clean;
}

function localFileStore(folder: string): FileStore {
  return {
    kind: 'local',
    async put(key, bytes) {
      const target = join(folder, safeKey(key));
      await mkdir(dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    get: (key) => readFile(join(folder, safeKey(key))).catch(() => null),
    async check() {
      await mkdir(folder, { recursive: true });
    },
  };
}

function s3FileStore(location: S3Location): FileStore {
  const client = new S3Client({
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    ...(location.credentials ? { credentials: location.credentials } : {}),
    // A store that does not answer fails the request rather than holding it (and the server's shutdown).
    requestHandler: { requestTimeout: 10_000, connectionTimeout: 3_000 },
  });
  const Bucket = location.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      // An object appears whole or not at all, so no temporary name is needed.
      await client.send(
        new PutObjectCommand({ Bucket, Key: safeKey(key), Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: safeKey(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}

export function openFileStore(env: Pick<Env, 'STORAGE_URL' | 'UPLOADS_DIR' | 'DATA_DIR'>): FileStore {
  const location = env.STORAGE_URL ? parseStorageUrl(env.STORAGE_URL) : null;
  if (location) return s3FileStore(location);
  return localFileStore(env.UPLOADS_DIR ?? join(env.DATA_DIR, 'uploads'));
}

const opened = new WeakMap<object, FileStore>();

/** The store the configuration names, opened once per configuration (one S3 client per process). */
export function fileStoreOf(env: Env): FileStore {
  let store = opened.get(env);
  if (!store) {
    store = openFileStore(env);
    opened.set(env, store);
  }
  return store;
}
