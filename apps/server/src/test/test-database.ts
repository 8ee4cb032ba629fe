// A fresh, migrated database for one test file, cloned from the run's template (see global-setup.ts).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase, type StatementHook } from '../db/client';

export async function createTestDatabase(options: { onStatement?: StatementHook } = {}): Promise<Database> {
  const template = inject('dbTemplate');
  const { onStatement } = options;
  if (template.kind === 'pglite') {
    const blob = new Blob([readFileSync(template.file)]);
    return openDatabase({ kind: 'pglite', loadDataDir: blob, onStatement });
  }
  const name = `${template.template.replace('tmpl', 't')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template.template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(template.adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4, onStatement });
  return {
    ...database,
    close: async () => {
      // A pool still waiting on a connection after 10 s is left: the forced drop below ends it.
      await Promise.race([database.close(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
      const cleanup = new pg.Client({ connectionString: template.adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`).finally(() => cleanup.end());
    },
  };
}
