// The simulator's hooks, found by their app's user without a pass over every hook (events.ts).
import { describe, expect, it } from 'vitest';
import { type WebhookHook, WebhookHooks } from './state';

const hook = (id: string, appToken: string, userId: string, type = 'PAYMENT'): WebhookHook => ({
  _id: id,
  type,
  state: `state of ${id}`,
  appToken,
  userId,
  token: `token of ${userId}`,
  created_at: '2026-12-07T00:00:00.000Z',
  updated_at: '2026-12-07T00:00:00.000Z',
  last_called_at: null,
});

const ids = (hooks: ReadonlySet<WebhookHook>) => [...hooks].map((h) => h._id);

describe('WebhookHooks', () => {
  it("answers one app's user's hooks, as they are added, replaced and removed", () => {
    const hooks = new WebhookHooks();
    hooks.set('h1', hook('h1', 'app_a', 'user_1'));
    hooks.set('h2', hook('h2', 'app_a', 'user_1', 'TOKEN'));
    hooks.set('h3', hook('h3', 'app_a', 'user_2'));
    hooks.set('h4', hook('h4', 'app_b', 'user_1'));
    expect(ids(hooks.ofUser('app_a', 'user_1'))).toEqual(['h1', 'h2']);
    expect(ids(hooks.ofUser('app_b', 'user_1'))).toEqual(['h4']);
    expect(ids(hooks.ofUser('app_b', 'user_9'))).toEqual([]);

    // An id given another hook leaves its old user's set.
    hooks.set('h2', hook('h2', 'app_a', 'user_2'));
    expect(ids(hooks.ofUser('app_a', 'user_1'))).toEqual(['h1']);
    expect(ids(hooks.ofUser('app_a', 'user_2'))).toEqual(['h3', 'h2']);

    expect(hooks.delete('h1')).toBe(true);
    expect(hooks.delete('h1')).toBe(false);
    expect(ids(hooks.ofUser('app_a', 'user_1'))).toEqual([]);
    expect(hooks.size).toBe(3);

    hooks.clear();
    expect(hooks.size).toBe(0);
    expect(ids(hooks.ofUser('app_a', 'user_2'))).toEqual([]);
  });
});
