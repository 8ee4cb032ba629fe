// Starts the product for the browser suite: a fresh embedded database with the demo data and the e2e
// accounts, then the same start-up as `npm start`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHistorySimulators } from '@gym/sandbox';
import {
  encryptionKey,
  hashPassword,
  openMigratedDatabase,
  organisationStaff,
  organisations,
  readEnv,
  secretBox,
  seedDemo,
  users,
} from '../apps/server/src/public';
import { E2E_PASSWORD, E2E_USERS } from './fixtures';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'gym-e2e-'));
process.env.SEED_DEMO = 'false';
const env = readEnv();
const database = await openMigratedDatabase(env);
await seedDemo(database.db, {
  now: new Date(),
  secrets: secretBox(encryptionKey(env)),
  simulators: startHistorySimulators,
});

const passwordHash = await hashPassword(E2E_PASSWORD);
const orgs = await database.db.select().from(organisations).orderBy(organisations.id);
for (const person of Object.values(E2E_USERS)) {
  const [user] = await database.db
    .insert(users)
    .values({
      name: person.name,
      email: person.email,
      passwordHash,
      isStaff: true,
      twoFactorEnabled: person === E2E_USERS.twoFactor,
    })
    .returning();
  const memberOf = person === E2E_USERS.switcher ? orgs : orgs.slice(0, 1);
  for (const org of memberOf) {
    await database.db
      .insert(organisationStaff)
      .values({ organisationId: org.id, userId: user!.id, role: 'admin', acceptedAt: new Date() });
  }
}
await database.close();
await import('../scripts/start');
