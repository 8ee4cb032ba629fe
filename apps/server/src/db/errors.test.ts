// The unique-key check on a real database, through Drizzle as the repositories use it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../test/factories';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './client';
import { isUniqueViolation } from './errors';
import { users } from './schema/index';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('isUniqueViolation', () => {
  it('recognises a duplicate key refused by the database, and nothing else', async () => {
    const { admin } = await createTenant(database.db);
    const duplicate = await database.db
      .insert(users)
      .values({ name: 'Again', email: admin.email, isStaff: true })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
