// Column helpers shared by every table: identity ids, tenant keys and timestamps.
import { bigint, timestamp } from 'drizzle-orm/pg-core';

export const id = () => bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const ref = () => bigint({ mode: 'number' });
export const instant = () => timestamp({ withTimezone: true, mode: 'date' });
export const createdAt = () => instant().notNull().defaultNow();
export const updatedAt = () => instant().notNull().defaultNow();
