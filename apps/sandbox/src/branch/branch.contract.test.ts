// The Branch simulator answers link requests as Branch's `POST /v1/url` does, and its links open a page
// that says where the gym's app would open, with the data the link carries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../index';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const makeLink = (body: unknown) =>
  fetch(`${sandbox.serverSettings.BRANCH_API_URL}/v1/url`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('Branch links', () => {
  it('makes a link for a Branch key, and the link opens a page with its data', async () => {
    const res = await makeLink({
      branch_key: 'key_test_gymapp123',
      data: { $og_title: 'Ponsonby app', gym_uuid: 'g-1' },
    });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url.startsWith(sandbox.branch.url)).toBe(true);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Ponsonby app</h1>');
    expect(html).toContain('g-1');
    expect(sandbox.controls.branch.links()).toHaveLength(1);
  });

  it('refuses a missing or malformed key as Branch does, and an unknown link is a 404 page', async () => {
    for (const body of [{}, { branch_key: 'nope' }, { branch_key: 42 }]) {
      const res = await makeLink(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: 400, message: 'Invalid or missing app id, Branch key, or secret' },
      });
    }
    expect((await fetch(`${sandbox.branch.url}/a/unknown`)).status).toBe(404);
  });
});
