// Backups of the whole database: the embedded PGlite data directory as one compressed file (its own
// dump format), or a PostgreSQL server through pg_dump's custom format. Restore puts one back.
//
// Stop the server first when it runs on PGlite: one process owns an embedded data directory at a time.
// A backup holds the gyms' secrets encrypted: keep ENCRYPTION_KEY (or DATA_DIR/encryption.key) with
// it, apart from the backup, or they cannot be read after a restore.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { openDatabase } from './client';

const run = promisify(execFile);

export type BackupTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export async function backupDatabase(target: BackupTarget, file: string): Promise<{ bytes: number }> {
  if (target.kind === 'postgres') {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, target.url]);
    return { bytes: readFileSync(file).length };
  }
  if (!existsSync(target.dataDir)) throw new Error(`There is no database at ${target.dataDir} to back up.`);
  const database = await openDatabase({ kind: 'pglite', dataDir: target.dataDir });
  try {
    const dump = await database.pglite!.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    writeFileSync(file, bytes);
    return { bytes: bytes.length };
  } finally {
    await database.close();
  }
}

/**
 * Puts a backup back. An embedded data directory that holds data is moved aside (never deleted) to
 * `<dir>.before-restore-<time>`; a server database is cleaned object by object and refilled.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
  now = new Date(),
): Promise<{ movedAside: string | null }> {
  if (!existsSync(file)) throw new Error(`There is no backup at ${file}.`);
  if (target.kind === 'postgres') {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${target.url}`, file]);
    return { movedAside: null };
  }
  let movedAside: string | null = null;
  if (existsSync(target.dataDir) && readdirSync(target.dataDir).length > 0) {
    movedAside = `${target.dataDir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target.dataDir, movedAside);
  }
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: target.dataDir,
    loadDataDir: new Blob([readFileSync(file)]),
  });
  await database.close();
  return { movedAside };
}
