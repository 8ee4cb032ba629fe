// Builds one migrated database template per test run; each test file clones it (PGlite: a data-dir
// snapshot; PostgreSQL server: CREATE DATABASE … TEMPLATE), so files are isolated and start fast.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../db/client';
import { migrate } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; adminUrl: string; template: string };
  }
}

/**
 * Organisations' ids start far above every other id (tenant-check.ts), so the tenant statement check
 * tells an organisation's id in a statement from a record's, and no test can lean on organisation 1.
 */
const ORGANISATION_ID_BASE = 700_001;
async function startOrganisationIds(database: Database) {
  await database.db.execute(
    sql.raw(`alter table organisations alter column id restart with ${ORGANISATION_ID_BASE}`),
  );
}

const TMP = join(process.cwd(), '..', '..', '.tmp');

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `gym_tmpl_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    await migrate(database);
    await startOrganisationIds(database);
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', adminUrl: serverUrl, template });
    return async () => {
      // Drop the clones this run made, then the template.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${template.replace('tmpl', 't')}%`],
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  mkdirSync(TMP, { recursive: true });
  const file = join(TMP, `pglite-template-${process.pid}.tar`);
  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database);
  await startOrganisationIds(database);
  const dump = await database.pglite!.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', { kind: 'pglite', file });
  return () => rmSync(file, { force: true });
}
