// The two file stores route tests run uploads against: the local folder and a real S3-compatible server
// (s3rver, in this process on a free port, its objects in a temporary folder), each with the settings
// that make the application use it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { openFileStore } from '../storage/file-store';

export const FILE_STORE_KINDS = ['local folder', 'S3-compatible store'] as const;
export type FileStoreKind = (typeof FILE_STORE_KINDS)[number];

export interface TestFileStore {
  /** Settings for createTestApp: UPLOADS_DIR or STORAGE_URL. */
  settings: Record<string, string>;
  /** Reads a key straight from the store, not through the application. */
  read(key: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

/** An s3rver on a free loopback port with one bucket; its access keys are s3rver's fixed ones. */
async function startS3Server(directory: string, bucket: string, port = 0) {
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    port: address.port,
    url: `s3://S3RVER:S3RVER@${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
    close: () => server.close(),
  };
}

export async function startTestFileStore(kind: FileStoreKind): Promise<TestFileStore> {
  const folder = mkdtempSync(join(tmpdir(), 'gym-files-'));
  const removeFolder = () => rmSync(folder, { recursive: true, force: true });
  if (kind === 'local folder') {
    const settings = { UPLOADS_DIR: folder };
    const store = openFileStore({ ...settings, DATA_DIR: folder });
    return { settings, read: (key) => store.get(key), close: async () => removeFolder() };
  }
  const s3 = await startS3Server(folder, `gym-test-${randomBytes(4).toString('hex')}`);
  const settings = { STORAGE_URL: s3.url };
  const store = openFileStore({ ...settings, DATA_DIR: folder });
  return {
    settings,
    read: (key) => store.get(key),
    async close() {
      await s3.close();
      removeFolder();
    },
  };
}
