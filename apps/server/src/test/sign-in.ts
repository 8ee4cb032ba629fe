// Signs a user in through the real login route and returns the session cookie.
import type { FastifyInstance } from 'fastify';
import { TEST_PASSWORD } from './factories';
import { pageRequest } from './test-app';

let address = 0;

export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  // Each sign-in from its own address, so the per-address limit never couples tests.
  address += 1;
  const res = await app.inject(
    pageRequest({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    }),
  );
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res.headers['set-cookie']);
}

export function sessionCookie(header: string | string[] | undefined): string {
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const found = all.find((c) => c.startsWith('gym_session='));
  if (!found) throw new Error('no session cookie was set');
  return found.split(';')[0]!;
}
