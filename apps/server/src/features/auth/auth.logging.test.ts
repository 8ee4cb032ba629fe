import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember, createTenant, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, pageRequest, type TestApp } from '../../test/test-app';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, callback) {
    lines.push(String(chunk));
    callback();
  },
});
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'development' }, { logger: { level: 'trace', stream } });
});
afterAll(() => t.close());

it('keeps passwords, codes, tokens and session ids out of the logs', async () => {
  const tenant = await createTenant(t.db);
  const user = await createMember(t.db, {
    organisationId: tenant.organisation.id,
    user: { twoFactorEnabled: true },
  });
  await t.app.inject(
    pageRequest({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'a-wrong-password' },
    }),
  );
  const login = await t.app.inject(
    pageRequest({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    }),
  );
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const mail = await t.mail.waitFor((m) => m.to.includes(user.email.toLowerCase()));
  const code = mail.text.match(/\b(\d{6})\b/)![1]!;
  await t.app.inject(pageRequest({ method: 'POST', url: '/api/email/verify', payload: { code }, cookie }));
  await t.app.inject(
    pageRequest({ method: 'POST', url: '/api/forgot-password', payload: { email: user.email } }),
  );
  const reset = await t.mail.waitFor(
    (m) => m.subject === 'Reset your password' && m.to.includes(user.email.toLowerCase()),
  );
  const token = decodeURIComponent(reset.text.match(/token=([^&\s]+)/)![1]!);

  const log = lines.join('');
  expect(log).toContain('signed in');
  for (const secret of [TEST_PASSWORD, 'a-wrong-password', code, token, cookie.split('=')[1]!]) {
    expect(log).not.toContain(secret);
  }
});
