// A backup restores to the same data: on the embedded database always, and on the PostgreSQL server when
// the run has one (TEST_DATABASE_URL, as CI's second pass does).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTenant } from '../test/factories';
import { backupDatabase, restoreDatabase } from './backup';
import { openDatabase } from './client';
import { migrate } from './migrate';
import { gyms, organisations } from './schema/index';

const work = mkdtempSync(join(tmpdir(), 'gym-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const snapshot = async (db: Parameters<typeof createTenant>[0]) => ({
  organisations: await db.select().from(organisations).orderBy(organisations.id),
  gyms: await db.select().from(gyms).orderBy(gyms.id),
});

describe('db:backup and db:restore', () => {
  it('the embedded database comes back the same, and what was there is moved aside, not lost', async () => {
    const dataDir = join(work, 'pglite');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await migrate(first);
    await createTenant(first.db, 'Backed Up Fitness');
    const before = await snapshot(first.db);
    await first.close();

    const file = join(work, 'gym.pglite.tar.gz');
    const { bytes } = await backupDatabase({ kind: 'pglite', dataDir }, file);
    expect(bytes).toBeGreaterThan(1000);

    // The data changes after the backup; the restore brings back the backed-up state.
    const changing = await openDatabase({ kind: 'pglite', dataDir });
    await changing.db.update(organisations).set({ name: 'Changed after the backup' });
    await changing.close();

    const { movedAside } = await restoreDatabase({ kind: 'pglite', dataDir }, file);
    expect(movedAside && existsSync(movedAside)).toBeTruthy();
    const restored = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await snapshot(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses a file that is not there', async () => {
    await expect(
      restoreDatabase({ kind: 'pglite', dataDir: join(work, 'x') }, join(work, 'none')),
    ).rejects.toThrow(/There is no backup/);
  });

  const server = process.env.TEST_DATABASE_URL;
  // Only where the run has a server (CI's second pass); the embedded case above runs everywhere.
  if (server)
    it('a PostgreSQL server database comes back the same', async () => {
      const name = `backup_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(server!);
      url.pathname = `/${name}`;
      try {
        const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
        await migrate(database);
        const tenant = await createTenant(database.db, 'Server Backup Gym');
        const before = await snapshot(database.db);
        const file = join(work, 'gym.pgdump');
        await backupDatabase({ kind: 'postgres', url: url.toString() }, file);
        await database.db
          .update(organisations)
          .set({ name: 'Changed after the backup' })
          .where(eq(organisations.id, tenant.organisation.id));
        await database.close();
        await restoreDatabase({ kind: 'postgres', url: url.toString() }, file);
        const restored = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
        try {
          expect(await snapshot(restored.db)).toEqual(before);
        } finally {
          await restored.close();
        }
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }, 120_000);
});
